import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns';
import { jobStatus } from './enums';
import { users } from './users';

/**
 * Background work (DESIGN.md section 1): claimed with FOR UPDATE SKIP LOCKED so several
 * instances can share one database without doing a job twice.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    status: jobStatus('status').notNull().default('queued'),
    runAt: ts('run_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedAt: ts('locked_at'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** Same key = same job; lets deadline jobs be scheduled idempotently. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.status, t.runAt),
    uniqueIndex('jobs_dedupe_key').on(t.dedupeKey),
  ],
);

/**
 * Outgoing email, written only by queueEmail (notifications/outbox.ts). `text`/`html` are the
 * message body; the layout (header, footer, unsubscribe link for `kind`) is put around it
 * when it is sent or shown (adapters/mail/compose.ts). The drain job (jobs/send-emails.ts,
 * decision 0020) claims due rows with a lease (`claimed_until`), marks `sent_at`, or
 * records the error and retries at `next_attempt_at` until the row is a dead letter.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** What it is about (a notification kind, 'challenge_invitation', ...): what unsubscribe turns off. */
    kind: text('kind').notNull().default('general'),
    /** The recipient's account when there is one (unsubscribe then changes their settings). */
    userId: integer('user_id'),
    sentAt: ts('sent_at'),
    /** The last sending error. */
    error: text('error'),
    /** Sending attempts started (counted when claimed, so a crash mid-send counts too). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** A sender holds the row until then; a sender that died lets it lapse. */
    claimedUntil: ts('claimed_until'),
    /** Given up after the last attempt: never retried. */
    deadAt: ts('dead_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    // What the drain looks for: unsent, not dead, due.
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.deadAt} is null`),
  ],
);

/**
 * Fixed-window request counters (src/server/lib/rate-limit.ts): one row per limited key,
 * shared by all instances, counted by one atomic upsert.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  windowStartedAt: ts('window_started_at').notNull().defaultNow(),
});

/**
 * Answers to requests sent with an `Idempotency-Key` header (decision 0031), as Stripe keeps
 * them: per user and key, the request's fingerprint and the first answer, replayed for the
 * same request within IDEMPOTENCY_KEY_HOURS. The row is written in the transaction of the
 * work it answers, so a parallel request with the same key waits on it and then replays it.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** sha256 of the route and its validated input: another request under the key is refused. */
    requestHash: text('request_hash').notNull(),
    responseStatus: integer('response_status').notNull(),
    responseBody: jsonb('response_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * A cluster started from the demo image and not yet revived (seed/demo-image.ts, decision
 * 0061): the one row says when the image was seeded. The start shifts every time by the
 * image's age and deletes the row in one transaction, so a start killed half-way does it
 * again. Milliseconds in a bigint, not a timestamp: the shift must not move it.
 */
export const demoImageRevival = pgTable('demo_image_revival', {
  seededAtMs: bigint('seeded_at_ms', { mode: 'number' }).notNull(),
});

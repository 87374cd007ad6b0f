import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns';
import { jobStatus } from './enums';

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

/** Outgoing email; in development it is read at /dev/mail, in production sent by SMTP. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    sentAt: ts('sent_at'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
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

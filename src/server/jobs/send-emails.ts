import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  MAIL_BATCH_SIZE,
  MAIL_CLAIM_LEASE_SECONDS,
  MAIL_MAX_ATTEMPTS,
  MAIL_RETRY_BASE_SECONDS,
} from '@/contracts/limits';
import { isReservedEmailAddress } from '@/domain/reserved-email';
import type { Mailer } from '../adapters/mail/mailer';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { dueBy } from '../db/due-by';
import { mailOutbox } from '../db/schema';
import { composeEmail } from '../modules/email/compose';
import { emailAllowed } from '../modules/email/preferences';

/** The periodic drain (PERIODIC_JOBS); the runner's tick also drains between jobs. */
export const SEND_EMAILS_JOB = 'send-emails';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type DrainReport = {
  claimed: number;
  sent: number;
  retried: number;
  dead: number;
  /** Turned off (settings or unsubscribe) after it was queued, or to a reserved address: never sent. */
  skipped: number;
};

export type DrainOptions = {
  now?: Date;
  limit?: number;
  /** Only these rows (the dev test email sends its own message at once). */
  ids?: number[];
  /** Instead of ctx.mailer. */
  mailer?: Mailer | null;
  signal?: AbortSignal;
};

/** Why a row was marked as not sent (and is never tried again). */
const TURNED_OFF = 'Not sent: the recipient turned it off';
const RESERVED_ADDRESS = 'Not sent: a reserved address (RFC 2606), no one receives it';

/** Wait before the next attempt after `attempts` failed ones: 1, 2, 4, 8... minutes. */
export const mailRetryDelayMs = (attempts: number) =>
  MAIL_RETRY_BASE_SECONDS * 1000 * 2 ** Math.max(0, attempts - 1);

/**
 * Sends what is due in the outbox (decision 0020). Rows are claimed in one statement with
 * FOR UPDATE SKIP LOCKED and a lease (`claimed_until`), so concurrent drains (one per
 * instance) take disjoint rows; each is then sent outside any transaction and marked sent
 * in its own statement. Delivery is at least once: a process that dies after the server
 * accepted a message but before marking it leaves the row to be sent again when the lease
 * lapses (with the same Message-ID). Without a mailer nothing is sent: the outbox is the inbox.
 */
export async function drainOutbox(
  ctx: AppContext,
  options: DrainOptions = {},
): Promise<DrainReport> {
  const mailer = options.mailer === undefined ? ctx.mailer : options.mailer;
  const report: DrainReport = { claimed: 0, sent: 0, retried: 0, dead: 0, skipped: 0 };
  if (!mailer) return report;
  const now = options.now ?? new Date();
  const claimed = await claimDueEmails(ctx.db, now, options.limit ?? MAIL_BATCH_SIZE, options.ids);
  report.claimed = claimed.length;
  for (const row of claimed) {
    if (options.signal?.aborted) {
      // Not attempted: give the claim (and the attempt) back.
      await ctx.db
        .update(mailOutbox)
        .set({ claimedUntil: null, attempts: sql`${mailOutbox.attempts} - 1` })
        .where(and(eq(mailOutbox.id, row.id), isNull(mailOutbox.sentAt)));
      continue;
    }
    // Unsubscribed between queueing and sending: that wish wins.
    const notSent = isReservedEmailAddress(row.to)
      ? RESERVED_ADDRESS
      : (await emailAllowed(ctx.db, row))
        ? null
        : TURNED_OFF;
    if (notSent) {
      await ctx.db
        .update(mailOutbox)
        .set({ deadAt: now, claimedUntil: null, error: notSent })
        .where(eq(mailOutbox.id, row.id));
      report.skipped += 1;
      continue;
    }
    try {
      await mailer.send(composeEmail(ctx.config, row));
    } catch (error) {
      const dead = await recordFailure(ctx.db, row, error, now);
      report[dead ? 'dead' : 'retried'] += 1;
      ctx.metrics.outbox.sendFailures.inc({ result: dead ? 'dead' : 'retried' });
      ctx.log.warn(
        { outboxId: row.id, attempts: row.attempts, dead, err: { message: errorText(error) } },
        'email not sent',
      );
      continue;
    }
    await ctx.db
      .update(mailOutbox)
      .set({ sentAt: new Date(), claimedUntil: null, error: null })
      .where(eq(mailOutbox.id, row.id));
    report.sent += 1;
    ctx.metrics.outbox.sent.inc();
  }
  return report;
}

/**
 * Takes up to `limit` due rows: unsent, not dead, due, and not held by a live claim. The
 * attempt is counted here, so a message whose sender keeps crashing still ends as a dead
 * letter. The outer WHERE repeats the checks: a row claimed by another statement that
 * committed meanwhile is not taken again.
 */
export async function claimDueEmails(
  db: Db,
  now: Date,
  limit: number,
  ids?: number[],
): Promise<OutboxRow[]> {
  const claimable = and(
    isNull(mailOutbox.sentAt),
    isNull(mailOutbox.deadAt),
    dueBy(mailOutbox.nextAttemptAt, now),
    or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, now)),
    ids ? inArray(mailOutbox.id, ids.length > 0 ? ids : [0]) : undefined,
  );
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(claimable)
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({
      claimedUntil: new Date(now.getTime() + MAIL_CLAIM_LEASE_SECONDS * 1000),
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(and(inArray(mailOutbox.id, due), claimable))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** Records a refusal: retry later with backoff, or give up after the last attempt. */
async function recordFailure(db: Db, row: OutboxRow, error: unknown, now: Date): Promise<boolean> {
  const dead = row.attempts >= MAIL_MAX_ATTEMPTS;
  await db
    .update(mailOutbox)
    .set({
      error: errorText(error).slice(0, 1000),
      claimedUntil: null,
      ...(dead
        ? { deadAt: now }
        : { nextAttemptAt: new Date(now.getTime() + mailRetryDelayMs(row.attempts)) }),
    })
    .where(and(eq(mailOutbox.id, row.id), isNull(mailOutbox.sentAt)));
  return dead;
}

/** The server's answer without the recipient's address (logs carry no email addresses). */
const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(
    /[^\s<>]+@[^\s<>]+/g,
    '<address>',
  );

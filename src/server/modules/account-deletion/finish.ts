import { and, eq, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { accountDeletions } from '../../db/schema';
import { endSessions } from '../auth/end-sessions';
import { type FundingOptions, fundingEnv } from '../funding/funding-options';
import { queueEmail } from '../notifications/outbox';
import { detachCards } from './cards';
import { deletionConfirmationEmail } from './confirmation-email';
import { cancelLeftoverHolds, releaseCancelledDares, releaseOwnPledges } from './money';
import { erasePersonalData } from './personal-data';
import { removeAccountMedia } from './storage';

export const FINISH_ACCOUNT_DELETIONS_JOB = 'finish-account-deletions';
/** A deletion unfinished this long after its claim is taken to be lost with its process. */
export const DELETION_RETRY_AFTER_MS = 60 * 1000;

/**
 * Everything a claimed deletion (claim.ts) still has to do, in the issue's order, each step
 * idempotent so a retry after a crash (or a racing second runner) completes it and never
 * repeats money: (1) the account's pledges released, (2) the holds of its cancelled dares
 * released, (4) the picture and the cancelled dares' media removed from storage, personal
 * rows erased, (6) sessions ended again (one a racing login made) and cards detached, and
 * then, in one transaction that marks the deletion finished, (7) the confirmation email
 * queued: one guarded update, so it is queued once. (3, 5: the claim anonymised the row.)
 * Step 1 runs again before the cards go, for a pledge a request already past its session
 * check made, and then any hold a racing confirm left on a closed pledge is cancelled.
 */
export async function finishDeletion(
  ctx: AppContext,
  userId: number,
  options: FundingOptions = {},
): Promise<boolean> {
  const [record] = await ctx.db
    .select()
    .from(accountDeletions)
    .where(eq(accountDeletions.userId, userId));
  if (!record || record.finishedAt) return false;
  const env = fundingEnv(ctx, options);

  await releaseOwnPledges(ctx, env, userId);
  await releaseCancelledDares(ctx, env, userId);
  await removeAccountMedia(ctx, userId, record.profilePicture);
  await erasePersonalData(ctx, userId);
  await endSessions(ctx, { userId });
  await releaseOwnPledges(ctx, env, userId);
  await cancelLeftoverHolds(ctx, env, userId);
  await detachCards(ctx, env, userId);

  return ctx.db.transaction(async (tx) => {
    const [finished] = await tx
      .update(accountDeletions)
      .set({ finishedAt: env.now(), email: null, name: null, profilePicture: null })
      .where(and(eq(accountDeletions.userId, userId), isNull(accountDeletions.finishedAt)))
      .returning({ userId: accountDeletions.userId });
    if (!finished) return false;
    if (record.email) {
      const name = record.name ?? 'there';
      await queueEmail(tx, deletionConfirmationEmail(ctx.config.publicUrl, record.email, name));
    }
    return true;
  });
}

/**
 * The safety net (every minute): deletions claimed a while ago and still unfinished, because
 * their process died or a step failed (the gateway or storage was down), are finished now.
 * One failing account does not hold up the others; it is tried again at the next run.
 */
export async function finishStaleDeletions(
  ctx: AppContext,
  now: Date,
  options: FundingOptions = {},
): Promise<{ finished: number; failed: number }> {
  const stale = await ctx.db
    .select({ userId: accountDeletions.userId })
    .from(accountDeletions)
    .where(
      and(
        isNull(accountDeletions.finishedAt),
        lte(accountDeletions.startedAt, new Date(now.getTime() - DELETION_RETRY_AFTER_MS)),
      ),
    )
    .orderBy(accountDeletions.startedAt);
  let finished = 0;
  let failed = 0;
  for (const { userId } of stale) {
    if (options.signal?.aborted) break;
    try {
      if (await finishDeletion(ctx, userId, options)) finished += 1;
    } catch (error) {
      failed += 1;
      ctx.log.error({ err: error, userId }, 'finishing an account deletion failed');
    }
  }
  return { finished, failed };
}

import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { dares, users } from '../../db/schema';
import { endSessions } from '../auth/end-sessions';
import { isSuspendedSql } from '../moderation/suspension-sql';
import { removeDare } from './remove-dare';

/**
 * Suspends an account in the moderator's transaction (issue 21 item 4), until `until` or for
 * good (null). A suspension again replaces the earlier term. Every session ends through
 * endSessions (rows, caches, and open live streams, which close at the commit); login and
 * password reset refuse the account while it lasts (auth/service.ts, account/password-reset.ts).
 * Its funding-stage dares (pending or active, created by it) are removed exactly as a
 * moderator removes a dare (removeDare); their ids come back for the release of their holds
 * after the commit. A dare it created that is under vote is left to its vote.
 */
export async function suspendAccount(
  ctx: AppContext,
  tx: Tx,
  userId: number,
  until: Date | null,
): Promise<{ failedDareIds: number[]; removedDareIds: number[] }> {
  await tx
    .update(users)
    .set({ suspendedAt: new Date(), suspendedUntil: until, updatedAt: new Date() })
    .where(eq(users.id, userId));
  await endSessions(ctx, { userId }, tx);
  const funding = await tx
    .select({ id: dares.id })
    .from(dares)
    .where(
      and(
        eq(dares.creatorId, userId),
        inArray(dares.status, ['pending', 'active']),
        or(isNull(dares.moderationState), ne(dares.moderationState, 'removed')),
      ),
    )
    .orderBy(dares.id);
  const failedDareIds: number[] = [];
  const removedDareIds: number[] = [];
  for (const { id } of funding) {
    const removed = await removeDare(tx, ctx.config.publicUrl, id);
    if (!removed) continue;
    removedDareIds.push(id);
    if (removed.failed) failedDareIds.push(id);
  }
  return { failedDareIds, removedDareIds };
}

/** Lifts a suspension that is still in force; false when there is none (409). */
export async function unsuspendAccount(tx: Tx, userId: number): Promise<boolean> {
  const lifted = await tx
    .update(users)
    .set({ suspendedAt: null, suspendedUntil: null, updatedAt: new Date() })
    .where(and(eq(users.id, userId), sql`${isSuspendedSql('users')}`))
    .returning({ id: users.id });
  return lifted.length > 0;
}

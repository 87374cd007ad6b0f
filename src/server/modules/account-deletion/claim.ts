import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { DELETED_USER_NAME, deletedEmail, deletedUsername } from '@/contracts/deleted-user';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { accountDeletions, accountTokens, dares, users } from '../../db/schema';
import { unauthorized } from '../../lib/errors';
import { transactionConflict } from '../../lib/pg-errors';
import { endSessions } from '../auth/end-sessions';
import { cancelDaresOf } from './cancel-dares';
import { type OpenDare, refusal } from './refusals';

/** A password hash no password verifies against (argon2 refuses the format). */
const NO_PASSWORD = '!deleted';

/**
 * The deletion's one transaction: after it commits the account is gone for everyone, and
 * whatever is left (money, storage, cards, the email) is idempotent work that finishDeletion
 * completes, again after a crash (the account_deletions row says what is unfinished).
 *
 * Lock order: the account's open dares first, then its user row. A proof locks its dare and
 * then (by its foreign key) the user row, so this order cannot deadlock with one; a proof
 * that got there first is seen (the dare is under vote: refused), one that comes later finds
 * the dare cancelled. The user row is taken FOR NO KEY UPDATE: a pledge being inserted holds
 * it FOR SHARE (pledges/service.ts), so a pledge either committed before (and finishDeletion
 * releases it) or sees the deleted account and is refused.
 *
 * In it: the refusals; the user row anonymised ('Deleted user', the email and username free
 * again, no password, no picture or bio, no live account link); what a retry needs kept in account_deletions; the
 * dares that can no longer be done cancelled (cancel-dares.ts); every session ended.
 */
export async function claimDeletion(ctx: AppContext, userId: number) {
  // The lock order makes a deadlock unlikely, not impossible (the notices lock other rows):
  // Postgres then rolls one transaction back, and this one simply runs again.
  for (let attempt = 1; ; attempt++) {
    try {
      return await claimOnce(ctx, userId);
    } catch (error) {
      if (!transactionConflict(error) || attempt >= 3) throw error;
    }
  }
}

async function claimOnce(ctx: AppContext, userId: number) {
  const claimed = await ctx.db.transaction(async (tx) => {
    const open = await lockOpenDares(tx, userId);
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('no key update');
    // Deleted by a parallel request meanwhile: this caller's session is gone with it.
    if (!user) throw unauthorized();
    const refused = await refusal(tx, userId, open);
    if (refused) throw refused;

    await tx.insert(accountDeletions).values({
      userId,
      email: user.email,
      name: user.displayName ?? user.username,
      profilePicture: user.profilePicture,
    });
    await tx
      .update(users)
      .set({
        deletedAt: new Date(),
        email: deletedEmail(userId),
        username: deletedUsername(userId),
        passwordHash: NO_PASSWORD,
        displayName: DELETED_USER_NAME,
        bio: null,
        profilePicture: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    // No link sent before (verify, reset, a new address) may bring the account back.
    await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
    const cancelled = await cancelDaresOf(tx, ctx.config.publicUrl, userId, open);
    await endSessions(ctx, { userId }, tx);
    return { cancelled };
  });
  // The commit ended the sessions; this instance forgets its cached lookups now.
  ctx.caches.sessions.invalidate();
  return claimed;
}

async function lockOpenDares(tx: Tx, userId: number): Promise<OpenDare[]> {
  return tx
    .select({
      id: dares.id,
      status: dares.status,
      creatorId: dares.creatorId,
      takerId: dares.takerId,
    })
    .from(dares)
    .where(
      and(
        or(eq(dares.creatorId, userId), eq(dares.takerId, userId)),
        inArray(dares.status, ['pending', 'active', 'verification']),
      ),
    )
    .orderBy(dares.id)
    .for('no key update');
}

import { and, desc, eq, isNull } from 'drizzle-orm';
import { BLOCK_LIST_MAX } from '@/contracts/limits';
import type { BlockList } from '@/contracts/moderation';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { userBlocks, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { endFollow } from '../follows/service';
import { lockPair } from './is-blocked';

export const BLOCK_MESSAGES = {
  self: 'You cannot block yourself',
  userNotFound: 'User not found',
} as const;

/**
 * POST /api/users/{id}/block (issue 21 item 5): idempotent. The block and the end of the
 * follows between the two (both ways, counters moved by the follows' own endFollow) are one
 * transaction, serialized with follows of the same pair (lockPair).
 */
export async function blockUser(ctx: AppContext, blockerId: number, blockedId: number) {
  if (blockerId === blockedId) throw badRequest(BLOCK_MESSAGES.self);
  return ctx.db.transaction(async (tx) => {
    await requireUser(tx, blockedId);
    await lockPair(tx, blockerId, blockedId);
    await tx.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
    await endFollow(ctx, tx, blockerId, blockedId);
    await endFollow(ctx, tx, blockedId, blockerId);
    return { blocked: true };
  });
}

/** DELETE /api/users/{id}/block: idempotent; follows that ended stay ended. */
export async function unblockUser(ctx: AppContext, blockerId: number, blockedId: number) {
  if (blockerId === blockedId) throw badRequest(BLOCK_MESSAGES.self);
  return ctx.db.transaction(async (tx) => {
    await requireUser(tx, blockedId);
    await tx
      .delete(userBlocks)
      .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
    return { blocked: false };
  });
}

/** GET /api/blocks: the people the caller blocked, newest first, at most BLOCK_LIST_MAX. */
export async function listBlocks(ctx: AppContext, blockerId: number): Promise<BlockList> {
  const rows = await ctx.db
    .select({
      createdAt: userBlocks.createdAt,
      user: {
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        profilePicture: users.profilePicture,
      },
    })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    // A deleted account (decision 0046) is nobody to unblock.
    .where(and(eq(userBlocks.blockerId, blockerId), isNull(users.deletedAt)))
    .orderBy(desc(userBlocks.createdAt), desc(userBlocks.blockedId))
    .limit(BLOCK_LIST_MAX);
  return {
    blocks: rows.map((row) => ({ user: row.user, createdAt: row.createdAt.toISOString() })),
  };
}

/**
 * The other person, locked against deletion (FOR KEY SHARE) so the insert cannot meet a
 * foreign-key error; a deleted account (decision 0046) is 404 like a missing one.
 */
async function requireUser(tx: Tx, userId: number) {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('key share');
  if (!user) throw notFound(BLOCK_MESSAGES.userNotFound);
}

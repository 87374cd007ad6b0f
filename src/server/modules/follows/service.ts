import { and, eq, isNull, sql } from 'drizzle-orm';
import { FOLLOW_MESSAGES, type FollowState } from '@/contracts/follows';
import { FOLLOW_NOTICE_INTERVAL_HOURS, FOLLOWS_PER_HOUR } from '@/contracts/limits';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { followNotices, follows, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { takeRateLimit } from '../../lib/rate-limit';
import { recordFollowProgress } from '../achievements/record-progress';
import { lockPair, refuseIfBlocked } from '../blocks/is-blocked';
import { notify } from '../notifications/notify';
import { moveCounts } from './follow-counts';

/**
 * Follows (issue 12). Both calls are idempotent: the pair's unique index decides whether a
 * row was really inserted or deleted, and only then do the two users' counters move, in
 * the same transaction, so N identical concurrent follows leave one row and a count of 1.
 */
export async function follow(
  ctx: AppContext,
  followerId: number,
  followedId: number,
): Promise<FollowState> {
  if (followerId === followedId) throw badRequest(FOLLOW_MESSAGES.self);
  await takeRateLimit(ctx.db, {
    key: `follows:user:${followerId}`,
    limit: FOLLOWS_PER_HOUR,
    windowSeconds: 60 * 60,
  });
  return ctx.db.transaction(async (tx) => {
    await requireUser(tx, followedId);
    await lockPair(tx, followerId, followedId);
    await refuseIfBlocked(tx, followerId, followedId);
    const inserted = await tx
      .insert(follows)
      .values({ followerId, followedId })
      .onConflictDoNothing()
      .returning({ id: follows.id });
    if (inserted.length > 0) {
      await moveCounts(tx, followerId, followedId, 1);
      await recordFollowProgress(tx, ctx.config.publicUrl, { followerId, followedId });
      await tellFollowed(ctx, tx, followerId, followedId);
    }
    return state(tx, followedId, true);
  });
}

export async function unfollow(
  ctx: AppContext,
  followerId: number,
  followedId: number,
): Promise<FollowState> {
  if (followerId === followedId) throw badRequest(FOLLOW_MESSAGES.self);
  return ctx.db.transaction(async (tx) => {
    await requireUser(tx, followedId);
    await endFollow(ctx, tx, followerId, followedId);
    return state(tx, followedId, false);
  });
}

/**
 * THE end of a follow, in the caller's transaction: the row goes and, only if there was one,
 * both counters move. Unfollow and a block (which ends follows both ways) use it.
 */
export async function endFollow(ctx: AppContext, tx: Tx, followerId: number, followedId: number) {
  const deleted = await tx
    .delete(follows)
    .where(and(eq(follows.followerId, followerId), eq(follows.followedId, followedId)))
    .returning({ id: follows.id });
  if (deleted.length === 0) return;
  await moveCounts(tx, followerId, followedId, -1);
  // Progress shows the true count again; an unlock is never taken back (decision 0023).
  await recordFollowProgress(tx, ctx.config.publicUrl, { followerId, followedId });
}

/**
 * Locks the followed user's row (FOR KEY SHARE) so it cannot be deleted under the insert:
 * the 404 is decided here, never by a foreign-key error.
 */
async function requireUser(tx: Tx, userId: number) {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    // A deleted account (decision 0046) is not followed: it has no profile.
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('key share');
  if (!user) throw notFound(FOLLOW_MESSAGES.userNotFound);
}

/**
 * The followed user hears of a new follower at most once per pair per interval, so a
 * follow / unfollow / follow loop cannot flood their notifications and inbox. The upsert
 * only returns a row when it wrote one: first follow, or the last notice is old enough.
 */
async function tellFollowed(ctx: AppContext, tx: Tx, followerId: number, followedId: number) {
  const due = await tx
    .insert(followNotices)
    .values({ followerId, followedId })
    .onConflictDoUpdate({
      target: [followNotices.followerId, followNotices.followedId],
      set: { notifiedAt: sql`now()` },
      setWhere: sql`${followNotices.notifiedAt} < now() - make_interval(hours => ${FOLLOW_NOTICE_INTERVAL_HOURS})`,
    })
    .returning({ followerId: followNotices.followerId });
  if (due.length === 0) return;
  const [follower] = await tx
    .select({ username: users.username, displayName: users.displayName })
    .from(users)
    .where(eq(users.id, followerId));
  if (!follower) return;
  await notify(tx, ctx.config.publicUrl, {
    userId: followedId,
    dareId: null,
    kind: 'new_follower',
    data: {
      followerId,
      followerName: follower.displayName || follower.username,
      followerUsername: follower.username,
    },
  });
}

async function state(tx: Tx, followedId: number, isFollowing: boolean): Promise<FollowState> {
  const [row] = await tx
    .select({ followerCount: users.followerCount, followingCount: users.followingCount })
    .from(users)
    .where(eq(users.id, followedId));
  return {
    followedId,
    isFollowing,
    followerCount: row?.followerCount ?? 0,
    followingCount: row?.followingCount ?? 0,
  };
}

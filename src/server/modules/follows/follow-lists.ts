import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { FollowPage } from '@/contracts/follows';
import { FOLLOW_MESSAGES } from '@/contracts/follows';
import type { AppContext } from '../../context';
import { follows, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { isVisibleUserSql } from '../moderation/visibility-sql';
import { toPublicUser } from '../users/user-views';

export type FollowListKind = 'followers' | 'following';

/**
 * GET /api/users/{id}/followers|following: public, newest follow first, keyset-paged by the
 * follow row's id (stable while people follow and unfollow between pages). Each row says
 * whether the viewer follows that person, read in the same query.
 */
export async function listFollows(
  ctx: AppContext,
  kind: FollowListKind,
  userId: number,
  viewerId: number | undefined,
  query: { cursor?: number; limit: number },
): Promise<FollowPage> {
  const [owner] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!owner) throw notFound(FOLLOW_MESSAGES.userNotFound);
  // followers: the rows naming userId as followed, showing their follower; following: the reverse.
  const [mine, theirs] =
    kind === 'followers'
      ? [follows.followedId, follows.followerId]
      : [follows.followerId, follows.followedId];
  const viewerFollows = viewerId
    ? sql<boolean>`exists (select 1 from ${follows} as vf where vf.follower_id = ${viewerId} and vf.followed_id = ${users.id})`
    : sql<boolean>`false`;
  const rows = await ctx.db
    .select({ followId: follows.id, user: users, isFollowing: viewerFollows })
    .from(follows)
    .innerJoin(users, eq(users.id, theirs))
    .where(
      and(
        eq(mine, userId),
        query.cursor ? lt(follows.id, query.cursor) : undefined,
        // Suspended and hidden accounts leave the lists (issue 21); the counters stay.
        isVisibleUserSql('users'),
      ),
    )
    .orderBy(desc(follows.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => ({
      ...toPublicUser(row.user),
      isFollowing: Boolean(row.isFollowing),
    })),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.followId) : null,
  };
}

import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { PROFILE_PICTURE_MAX_BYTES } from '@/contracts/limits';
import { PROFILE_MESSAGES, type UserProfile, type updateProfileSchema } from '@/contracts/user';
import { isSuspended } from '@/domain/moderation-roles';
import type { AppContext } from '../../context';
import { follows, userBlocks, users } from '../../db/schema';
import { conflict, notFound, unauthorized } from '../../lib/errors';
import { uniqueViolation } from '../../lib/pg-errors';
import { blockedWithSql } from '../blocks/block-sql';
import { deleteMedia, resolveImageField } from '../media/service';
import { isVisibleUserSql } from '../moderation/visibility-sql';
import { takeSearchBudget } from '../search/service';
import { OUTER_USER_ID, userWithStats } from './user-stats';
import { toPublicUser } from './user-views';
import { isUsernameTaken } from './username';

type UserRow = typeof users.$inferSelect;
type ProfileUpdate = z.output<typeof updateProfileSchema>;

const USER_LIST_LIMIT = 200;

/**
 * The user's row as it is now. The session's copy may be seconds old (decision 0027), so
 * routes that show or rewrite the user's own data start from this.
 */
export async function freshUserRow(ctx: AppContext, userId: number): Promise<UserRow> {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!row) throw unauthorized();
  return row;
}

export async function updateProfile(ctx: AppContext, user: UserRow, input: ProfileUpdate) {
  const username = input.username;
  if (username && username.toLowerCase() !== user.username.toLowerCase()) {
    if (await isUsernameTaken(ctx.db, username)) throw conflict(PROFILE_MESSAGES.usernameTaken);
  }
  const profilePicture =
    input.profilePicture === undefined
      ? user.profilePicture
      : await resolveImageField(
          ctx,
          input.profilePicture,
          user.profilePicture,
          {
            maxBytes: PROFILE_PICTURE_MAX_BYTES,
            tooLargeMessage: PROFILE_MESSAGES.pictureTooLarge,
            invalidMessage: PROFILE_MESSAGES.pictureInvalid,
          },
          { userId: user.id, purpose: 'avatar' },
        );
  try {
    const [updated] = await ctx.db
      .update(users)
      .set({
        displayName: input.displayName ?? user.displayName,
        username: username ?? user.username,
        bio: input.bio === undefined ? user.bio : input.bio || null,
        profilePicture,
        updatedAt: new Date(),
      })
      .where(eq(users.id, user.id))
      .returning();
    if (profilePicture !== user.profilePicture) await deleteMedia(ctx, user.profilePicture);
    return updated!;
  } catch (error) {
    // The picture was stored before the row failed to update: do not leave it behind.
    if (profilePicture !== user.profilePicture) await deleteMedia(ctx, profilePicture);
    if (uniqueViolation(error) === 'users_username_lower_key') {
      throw conflict(PROFILE_MESSAGES.usernameTaken);
    }
    throw error;
  }
}

/**
 * People to start a conversation with: everyone but the viewer, optionally filtered. A
 * people search like /api/search, so it spends the same budget.
 */
export async function listUsers(ctx: AppContext, viewerId: number, query?: string) {
  await takeSearchBudget(ctx, { userId: viewerId, ip: '' });
  const search = query?.trim().toLowerCase();
  const rows = await ctx.db
    .select()
    .from(users)
    .where(
      and(
        ne(users.id, viewerId),
        isNull(users.deletedAt),
        // Nobody suspended or hidden, nobody in a block with the viewer (issue 21).
        isVisibleUserSql('users'),
        sql`NOT ${blockedWithSql(viewerId, 'users.id')}`,
        search
          ? sql`(lower(${users.username}) LIKE ${`%${search}%`} OR lower(coalesce(${users.displayName}, '')) LIKE ${`%${search}%`})`
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(coalesce(${users.displayName}, ${users.username}))`))
    .limit(USER_LIST_LIMIT);
  return rows.map(toPublicUser);
}

/**
 * Another user's profile: the row, its counters and stats, whether the viewer follows and
 * blocked them. A suspended or hidden account's profile is 404 to everyone else (issue 21).
 */
export async function getProfile(
  ctx: AppContext,
  userId: number,
  viewerId: number | undefined,
): Promise<UserProfile> {
  const viewerFollows = viewerId
    ? sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followedId} = ${OUTER_USER_ID})`
    : sql<boolean>`false`;
  const viewerBlocked = viewerId
    ? sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${viewerId} and ${userBlocks.blockedId} = ${OUTER_USER_ID})`
    : sql<boolean>`false`;
  const found = await userWithStats(ctx.db, userId, {
    isFollowing: viewerFollows,
    isBlocked: viewerBlocked,
  });
  if (!found) throw notFound('User not found');
  const { row, stats } = found;
  const hidden = row.moderationState !== null || isSuspended(row);
  if (hidden && viewerId !== userId) throw notFound('User not found');
  return {
    ...toPublicUser(row),
    followerCount: row.followerCount,
    followingCount: row.followingCount,
    isFollowing: Boolean(row.isFollowing),
    isBlocked: Boolean(row.isBlocked),
    stats,
  };
}

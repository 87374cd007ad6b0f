import { count, eq } from 'drizzle-orm';
import type { CurrentUser, PublicUser, SessionInfo } from '@/contracts/user';
import type { AppContext } from '../../context';
import { follows, type users } from '../../db/schema';
import type { ActiveSession } from '../auth/session-store';

type UserRow = typeof users.$inferSelect;

export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    profilePicture: user.profilePicture,
    bio: user.bio,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function followCounts(ctx: AppContext, userId: number) {
  const [[followers], [following]] = await Promise.all([
    ctx.db.select({ n: count() }).from(follows).where(eq(follows.followedId, userId)),
    ctx.db.select({ n: count() }).from(follows).where(eq(follows.followerId, userId)),
  ]);
  return { followerCount: followers?.n ?? 0, followingCount: following?.n ?? 0 };
}

export function sessionInfo(session: ActiveSession, now = Date.now()): SessionInfo {
  return {
    expires: session.expiresAt.toISOString(),
    maxAge: Math.max(0, session.expiresAt.getTime() - now),
    rememberMe: session.rememberMe,
  };
}

/** The signed-in user as the API returns it, with the session line's data. */
export async function toCurrentUser(
  ctx: AppContext,
  user: UserRow,
  session?: ActiveSession,
): Promise<CurrentUser> {
  return {
    ...toPublicUser(user),
    email: user.email,
    stripeConnectVerified: user.stripeConnectVerified,
    ...(await followCounts(ctx, user.id)),
    ...(session ? { session: sessionInfo(session) } : {}),
  };
}

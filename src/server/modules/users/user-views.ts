import type { CurrentUser, PublicUser, SessionInfo } from '@/contracts/user';
import type { AppContext } from '../../context';
import type { users } from '../../db/schema';
import type { ActiveSession } from '../auth/session-store';
import { ownStats } from './user-stats';

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

export function sessionInfo(session: ActiveSession, now = Date.now()): SessionInfo {
  return {
    expires: session.expiresAt.toISOString(),
    maxAge: Math.max(0, session.expiresAt.getTime() - now),
    rememberMe: session.rememberMe,
  };
}

/**
 * The signed-in user as the API returns it, with the session line's data. The follow counts
 * are the row's counters; the rest of the profile's numbers are one query (ownStats).
 */
export async function toCurrentUser(
  ctx: AppContext,
  user: UserRow,
  session?: ActiveSession,
): Promise<CurrentUser> {
  return {
    ...toPublicUser(user),
    email: user.email,
    // The account's id is mirrored on the user in the transaction that links it.
    hasPayoutAccount: user.stripeConnectId !== null,
    emailVerified: user.emailVerified,
    role: user.role,
    showMatureContent: user.showMatureContent,
    stripeConnectVerified: user.stripeConnectVerified,
    followerCount: user.followerCount,
    followingCount: user.followingCount,
    stats: await ownStats(ctx.db, user.id),
    ...(session ? { session: sessionInfo(session) } : {}),
  };
}

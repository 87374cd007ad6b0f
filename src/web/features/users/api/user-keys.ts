/**
 * Query keys of people: `['/api/users', id]` is a profile, `['/api/users', id, 'followers']`
 * and `[..., 'following']` its lists. One prefix, so a follow refreshes them all at once.
 */
export const USERS_KEY = '/api/users';

export type FollowListKind = 'followers' | 'following';

export const userProfileKey = (userId: number) => [USERS_KEY, userId] as const;
export const followListKey = (userId: number, kind: FollowListKind) =>
  [USERS_KEY, userId, kind] as const;

/**
 * How a deleted account looks wherever its dares, comments and messages stay (issue 20,
 * decision 0046). The user row is kept and anonymised: its name becomes 'Deleted user' and
 * its username `deleted-<id>`, which no person can choose (usernames allow letters, digits,
 * dots and underscores only), so the screens can tell it apart without another field: no
 * profile link and no @handle for it. Plain values without zod, for the screens.
 */
export const DELETED_USER_NAME = 'Deleted user';

export const deletedUsername = (userId: number) => `deleted-${userId}`;

/** Unique per account and undeliverable (RFC 2606 .invalid): the real address is free again. */
export const deletedEmail = (userId: number) => `deleted-${userId}@deleted.invalid`;

export const isDeletedUser = (user: { username: string }) => /^deleted-\d+$/.test(user.username);

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns';
import { moderationState, userRole } from './enums';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Proven by opening the link of a verify-email token (DESIGN.md section 9). */
    emailVerified: boolean('email_verified').notNull().default(false),
    displayName: text('display_name'),
    profilePicture: text('profile_picture'),
    bio: text('bio'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeConnectId: text('stripe_connect_id'),
    stripeConnectVerified: boolean('stripe_connect_verified').notNull().default(false),
    /** Rows of follows naming this user as followed / as follower, kept with each insert and delete. */
    followerCount: integer('follower_count').notNull().default(0),
    followingCount: integer('following_count').notNull().default(0),
    /**
     * Set when the account was deleted (issue 20, decision 0046): the row stays, anonymised,
     * so dares, comments, messages and ledger rows keep their author as 'Deleted user'.
     */
    deletedAt: ts('deleted_at'),
    /** user | moderator | admin (issue 21); set by `npm run admin -- set-role`. */
    role: userRole('role').notNull().default('user'),
    /** Set while suspended; suspendedUntil null means for good (issue 21). */
    suspendedAt: ts('suspended_at'),
    suspendedUntil: ts('suspended_until'),
    /** The profile hidden by reports or removed by a moderator (issue 21). */
    moderationState: moderationState('moderation_state'),
    /** 'Show R-rated dares' (issue 21): off by default, on only after the 18+ confirmation. */
    showMatureContent: boolean('show_mature_content').notNull().default(false),
    adultConfirmedAt: ts('adult_confirmed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    check('users_bio_length', sql`char_length(${t.bio}) <= 150`),
    check('users_profile_picture_not_data_url', sql`${t.profilePicture} NOT LIKE 'data:%'`),
    check(
      'users_follow_counts_nonnegative',
      sql`${t.followerCount} >= 0 AND ${t.followingCount} >= 0`,
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** HMAC of the opaque cookie token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull(),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Single-use tokens of account links (decision 0039): verify-email, reset-password, later
 * change-email. Only the keyed hash is kept; one row per account and purpose, so issuing a
 * new link overwrites (voids) the older one, and using a link deletes its row.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the link was sent to: it only works while it is still the account's. */
    email: text('email').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('account_tokens_user_purpose_key').on(t.userId, t.purpose),
    check(
      'account_tokens_purpose',
      sql`${t.purpose} IN ('verify-email', 'reset-password', 'change-email')`,
    ),
  ],
);

/** Login attempts per account and per client address (slows down guessing, decision 0002). */
export const loginThrottles = pgTable('login_throttles', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: ts('window_started_at').notNull().defaultNow(),
  /** The last attempt that was let through to the password check; waits count from it. */
  checkedAt: ts('checked_at').notNull().defaultNow(),
  blockedUntil: ts('blocked_until'),
});

export const follows = pgTable(
  'follows',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followedId: integer('followed_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('follows_pair_key').on(t.followerId, t.followedId),
    // The two lists, newest follow (highest id) first, paged by id.
    index('follows_followed_idx').on(t.followedId, t.id.desc().nullsFirst()),
    index('follows_follower_idx').on(t.followerId, t.id.desc().nullsFirst()),
    check('follows_not_self', sql`${t.followerId} <> ${t.followedId}`),
  ],
);

/**
 * When a follower last told the followed user about a follow: a follow / unfollow / follow
 * loop notifies at most once per pair per FOLLOW_NOTICE_INTERVAL_HOURS. Kept apart from
 * follows because an unfollow deletes the follow row.
 */
export const followNotices = pgTable(
  'follow_notices',
  {
    followerId: integer('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    followedId: integer('followed_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notifiedAt: ts('notified_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.followedId] })],
);

/**
 * One row per deleted account (decision 0046): what the deletion still needs once the user
 * row is anonymised (the old address for the confirmation email, the picture to remove from
 * storage) and whether its idempotent steps all ran. A deletion whose process died midway is
 * found here (finished_at null) and completed by the finish-account-deletions job; the
 * address and picture are cleared when it finishes.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    name: text('name'),
    profilePicture: text('profile_picture'),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    index('account_deletions_unfinished_idx').on(t.startedAt).where(sql`${t.finishedAt} is null`),
  ],
);

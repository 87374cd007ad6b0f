import { z } from 'zod';
import { text } from './common';
import { BIO_MAX, DISPLAY_NAME_MAX, USERNAME_MAX, USERNAME_MIN } from './limits';
import { USER_ROLES } from './moderation-values';

export const PROFILE_MESSAGES = {
  displayNameRequired: 'Please enter a display name',
  usernameRequired: 'Username required',
  usernameLength: `Username must be ${USERNAME_MIN} to ${USERNAME_MAX} characters`,
  usernameChars: 'Username can only contain letters, numbers, dots and underscores',
  usernameTaken: 'This username is already taken',
  bioTooLong: `Bio cannot exceed ${BIO_MAX} characters`,
  pictureTooLarge: 'Profile picture must be less than 5MB',
  pictureInvalid: 'Invalid file type',
} as const;

export const usernameSchema = text('Username')
  .trim()
  .min(1, PROFILE_MESSAGES.usernameRequired)
  .min(USERNAME_MIN, PROFILE_MESSAGES.usernameLength)
  .max(USERNAME_MAX, PROFILE_MESSAGES.usernameLength)
  .regex(/^[A-Za-z0-9_.]+$/, PROFILE_MESSAGES.usernameChars);

/** What anyone may see of a user. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  profilePicture: z.string().nullable(),
  bio: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const sessionInfoSchema = z.object({
  /** ISO time the session ends if nothing renews it. */
  expires: z.string(),
  /** Milliseconds from now until `expires`. */
  maxAge: z.number().int(),
  rememberMe: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfoSchema>;

/**
 * What anyone may see of a user's record: dares created, dares they took and completed, and
 * what those completed dares earned (the spec: summed from their currentAmount), whether or
 * not it was paid out yet.
 */
export const userStatsSchema = z.object({
  createdCount: z.number().int(),
  completedCount: z.number().int(),
  totalEarned: z.number(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/**
 * The own profile adds what was paid out (transferred to the payout account, net of the
 * platform fee) and the pledges: live or captured, counted and summed in dollars.
 */
export const ownStatsSchema = userStatsSchema.extend({
  totalPaidOut: z.number(),
  pledgeCount: z.number().int(),
  totalPledged: z.number(),
});
export type OwnStats = z.infer<typeof ownStatsSchema>;

/** The signed-in user as `GET /api/user`, login and register return it. */
export const currentUserSchema = publicUserSchema.extend({
  email: z.string(),
  /**
   * A payout account exists (set up, verified or not). Without one GET
   * /api/stripe/connect-status answers 400 'not connected' (the spec's contract), so the
   * client does not ask: a 400 is a console error in every browser.
   */
  hasPayoutAccount: z.boolean(),
  /** Whether the address was proven by its verification link (DESIGN.md section 9). */
  emailVerified: z.boolean(),
  /** user | moderator | admin (issue 21): moderators see /moderation. */
  role: z.enum(USER_ROLES),
  /** 'Show R-rated dares' (issue 21 item 7). */
  showMatureContent: z.boolean(),
  stripeConnectVerified: z.boolean(),
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  stats: ownStatsSchema,
  session: sessionInfoSchema.optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Another user's profile (`GET /api/users/{id}`). */
export const userProfileSchema = publicUserSchema.extend({
  followerCount: z.number().int(),
  followingCount: z.number().int(),
  isFollowing: z.boolean(),
  /** The viewer blocked this person (issue 21 item 5): the profile offers Unblock. */
  isBlocked: z.boolean(),
  stats: userStatsSchema,
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const userListSchema = z.array(publicUserSchema);

/**
 * `profilePicture` is a data URL for a new picture, the current `/media/...` address to
 * keep it, or null to remove it. The server stores new pictures as files.
 */
export const updateProfileSchema = z.object({
  displayName: text('Display name')
    .trim()
    .min(1, PROFILE_MESSAGES.displayNameRequired)
    .max(DISPLAY_NAME_MAX, `Display name cannot exceed ${DISPLAY_NAME_MAX} characters`)
    .optional(),
  username: usernameSchema.optional(),
  bio: text('Bio').trim().max(BIO_MAX, PROFILE_MESSAGES.bioTooLong).nullable().optional(),
  profilePicture: text('Profile picture').nullable().optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

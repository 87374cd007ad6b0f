/**
 * Trust and safety's plain values (DESIGN.md section 10, issue 21), without zod: the
 * database enums, the screens and the server share them.
 */
export const USER_ROLES = ['user', 'moderator', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** A moderated row's state; null (absent) means visible. See db/schema/enums.ts. */
export const MODERATION_STATES = ['under_review', 'removed'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

/**
 * What a moderator can do to a target. dismiss: nothing wrong, the reports are closed and
 * a hidden target (or a dare held by the danger screen) is listed again. remove / restore:
 * take the content down / bring it back (money is not re-authorized). warn: the owner is
 * told the reason. suspend (until a date, or for good) / unsuspend: the owner's account.
 */
export const MODERATION_ACTIONS = [
  'dismiss',
  'remove',
  'restore',
  'warn',
  'suspend',
  'unsuspend',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MODERATION_MESSAGES = {
  dareRemoved: 'This dare was removed for breaking our rules',
  dareUnderReview: 'This dare is under review',
  underReviewBadge: 'Under review',
  suspendedUntil: (date: string) => `Your account is suspended until ${date}`,
  suspended: 'Your account is suspended',
  pledgerNotice:
    'A dare you pledged to was removed for breaking the rules. The hold on your card was released.',
  reasonRequired: 'Please give a reason',
  forbidden: 'You do not have permission to do that',
  confirmAdult: 'Confirm you are 18 or older to see R-rated dares',
  blocked: 'You cannot do that: this person has blocked you or you have blocked them',
} as const;

import { z } from 'zod';
import { id, pathId } from './common';
import type { ReportTargetType } from './reports';

/**
 * Every kind of notification (issue 11, DESIGN.md section 6). The kind stays in the row so
 * per-kind email settings (a later issue) can filter on it; the text is rendered from kind +
 * data by src/domain/notification-text.ts, for the screen and the email alike.
 */
export const NOTIFICATION_KINDS = [
  'pledge_received',
  'pledge_cancelled',
  'goal_reached',
  'proof_submitted',
  'dare_completed',
  'proof_rejected',
  'dare_failed',
  'card_charged',
  'hold_released',
  'payout_sent',
  'payout_waiting',
  'hold_renewal_failed',
  'dare_request_received',
  'dare_request_accepted',
  'dare_request_declined',
  'dare_request_expired',
  'challenge_received',
  'challenge_accepted',
  'challenge_declined',
  'new_follower',
  'achievement_unlocked',
  'dare_removed',
  'moderation_warning',
  'report_resolved',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * Kinds told in the app only, never copied to email: an email challenge to an address with an
 * account already emails that address its invitation (decision 0036), and a second email
 * about the same thing would be noise. Notification Settings list only the other kinds.
 */
export const IN_APP_ONLY_KINDS: readonly NotificationKind[] = ['challenge_received'];
export const EMAILED_NOTIFICATION_KINDS = NOTIFICATION_KINDS.filter(
  (kind) => !IN_APP_ONLY_KINDS.includes(kind),
) as [NotificationKind, ...NotificationKind[]];

/** Who an outcome is told to: the wording differs for the taker, the creator and pledgers. */
export type OutcomeRole = 'taker' | 'creator' | 'pledger';

type Dare = { dareTitle: string };
type Money = Dare & { amountCents: number };

/** What each kind carries; the title is copied in so an email never needs a join. */
export type NotificationDataByKind = {
  pledge_received: Money & { pledgerName: string };
  pledge_cancelled: Money & { pledgerName: string };
  goal_reached: Money;
  proof_submitted: Dare & { takerName: string };
  dare_completed: Dare & { role: OutcomeRole };
  proof_rejected: Dare & { role: OutcomeRole };
  /** account_deleted: cancelled because its creator or taker deleted their account (0046). */
  dare_failed: Dare & { role: OutcomeRole; reason: 'expired' | 'rejected' | 'account_deleted' };
  card_charged: Money & { pledgeId: number };
  hold_released: Money & { pledgeId: number };
  payout_sent: Money;
  payout_waiting: Money;
  hold_renewal_failed: Money & { pledgeId: number };
  /** Dare requests (issue 12): the request's title and target travel as dareTitle / amountCents. */
  dare_request_received: Money & { senderName: string };
  dare_request_accepted: Money & { recipientName: string };
  dare_request_declined: Money & { recipientName: string };
  dare_request_expired: Money & { recipientName: string };
  /** An email challenge to the account's address (decision 0036): its target as amountCents. */
  challenge_received: Money & { creatorName: string };
  /** A challenge's invitation was accepted (creator); takerName is who takes it on. */
  challenge_accepted: Dare & { takerName: string };
  challenge_declined: Dare & { declinerName: string };
  /** Not about a dare (dareId null): the link opens the follower's profile. */
  new_follower: { followerId: number; followerName: string; followerUsername: string };
  /** Issue 13: the achievement's words travel with it (no dare). */
  achievement_unlocked: {
    achievementName: string;
    title: string;
    description: string;
    points: number;
    rarity: string;
  };
  /** Issue 21: a dare the person pledged to was removed by a moderator (holds released). */
  dare_removed: Dare;
  /** Issue 21: a moderator's warning to the owner of reported content, with the reason. */
  moderation_warning: { reason: string };
  /** Issue 21: the reporter's report was reviewed; no dare (the target may be gone). */
  report_resolved: {
    targetType: ReportTargetType;
    outcome: ReportOutcome;
  };
};

/** What a moderator decided about a report (issue 21), in the reporter's words. */
export type ReportOutcome = 'no_violation' | 'removed' | 'action_taken';

/** One notification to write: `notify(tx, { userId, dareId, kind, data })`. */
export type NotificationInput = {
  [K in NotificationKind]: { kind: K; data: NotificationDataByKind[K] };
}[NotificationKind] & { userId: number; dareId: number | null };

/** GET /api/notifications: newest first; `cursor` is the nextCursor of the previous page. */
export const NOTIFICATION_PAGE_DEFAULT = 20;
export const NOTIFICATION_PAGE_MAX = 50;
export const notificationListQuerySchema = z.object({
  cursor: pathId.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(NOTIFICATION_PAGE_MAX)
    .default(NOTIFICATION_PAGE_DEFAULT),
});
export type NotificationListQuery = z.input<typeof notificationListQuerySchema>;

export const notificationViewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  dareId: z.number().int().nullable(),
  /** One line for the list (and the email's subject). */
  text: z.string(),
  /** A second sentence: what it means or what to do. */
  detail: z.string(),
  /** Where the row leads inside the app (a path). */
  href: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;

export const notificationPageSchema = z.object({
  items: z.array(notificationViewSchema),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  unreadCount: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

/**
 * POST /api/notifications/read: `{ ids }` marks those (the caller's own; others are ignored),
 * `{}` marks every notification read. Answers the new unreadCount.
 */
export const markReadSchema = z.object({
  ids: z.array(id).min(1).max(NOTIFICATION_PAGE_MAX).optional(),
});
export type MarkReadBody = z.infer<typeof markReadSchema>;
export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

import { z } from 'zod';
import { EMAILED_NOTIFICATION_KINDS, type NotificationKind } from './notifications';

/**
 * Notification Settings (DESIGN.md section 6): per kind of notification, email on or off.
 * In-app notifications are always on. The list follows NOTIFICATION_KINDS, so a new kind
 * shows up here (and in the dialog) by itself once it has a label.
 */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  pledge_received: 'Someone pledges to my dare',
  pledge_cancelled: 'Someone cancels a pledge to my dare',
  goal_reached: 'My dare reaches its goal',
  proof_submitted: 'A proof is ready for my vote',
  dare_completed: 'A dare I am part of is completed',
  proof_rejected: 'A proof is rejected',
  dare_failed: 'A dare I am part of fails',
  card_charged: 'My card is charged',
  hold_released: 'A hold on my card is released',
  payout_sent: 'A payout is sent to me',
  payout_waiting: 'A payout waits for my payout account',
  hold_renewal_failed: 'My card needs updating',
  dare_request_received: 'Someone sends me a dare request',
  dare_request_accepted: 'My dare request is accepted',
  dare_request_declined: 'My dare request is declined',
  dare_request_expired: 'My dare request expires unanswered',
  challenge_received: 'Someone challenges me by email',
  challenge_accepted: 'Someone accepts my challenge',
  challenge_declined: 'Someone declines my challenge',
  new_follower: 'Someone follows me',
  achievement_unlocked: 'I unlock an achievement',
  dare_removed: 'A dare I pledged to is removed by a moderator',
  moderation_warning: 'A moderator warns me',
  report_resolved: 'A report I made is reviewed',
};

export const notificationSettingSchema = z.object({
  kind: z.enum(EMAILED_NOTIFICATION_KINDS),
  email: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

/**
 * GET and PUT /api/user/notification-settings answer every kind that is emailed, in
 * NOTIFICATION_KINDS order (IN_APP_ONLY_KINDS have no email to turn off).
 */
export const notificationSettingsSchema = z.object({
  settings: z.array(notificationSettingSchema),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** PUT: the kinds to change (the others keep their setting). */
export const updateNotificationSettingsSchema = z.object({
  settings: z.array(notificationSettingSchema).min(1).max(EMAILED_NOTIFICATION_KINDS.length),
});
export type UpdateNotificationSettings = z.infer<typeof updateNotificationSettingsSchema>;

/** GET /api/test-email (development only). */
export const testEmailResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  preview: z.object({ to: z.string() }),
});
export type TestEmailResult = z.infer<typeof testEmailResultSchema>;

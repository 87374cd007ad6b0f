import { NOTIFICATION_KIND_LABELS } from '@/contracts/notification-settings';
import { NOTIFICATION_KINDS, type NotificationKind } from '@/contracts/notifications';

/** Email kinds that are not notifications; anything else unsubscribes as 'general'. */
const OTHER_LABELS: Record<string, string> = {
  challenge_invitation: 'Challenge invitations',
  dare_request: 'Dare requests sent to this address',
  test: 'Test emails',
  general: 'Emails from Darefund',
};

export const isNotificationKind = (kind: string): kind is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** What a kind of email is called on the unsubscribe page. */
export const emailKindLabel = (kind: string): string =>
  isNotificationKind(kind)
    ? NOTIFICATION_KIND_LABELS[kind]
    : (OTHER_LABELS[kind] ?? OTHER_LABELS.general!);

import { NOTIFICATION_KIND_LABELS } from '@/contracts/notification-settings';
import { NOTIFICATION_KINDS, type NotificationKind } from '@/contracts/notifications';

/**
 * Account emails (verification links, password reset, security notices): a person cannot
 * opt out of them, or they could never prove their address or get back in (decision 0039).
 */
export const ACCOUNT_EMAIL_KIND = 'account';

/** Email kinds that are not notifications; anything else unsubscribes as 'general'. */
const OTHER_LABELS: Record<string, string> = {
  challenge_invitation: 'Challenge invitations',
  dare_request: 'Dare requests sent to this address',
  test: 'Test emails',
  [ACCOUNT_EMAIL_KIND]: 'Account and security emails',
  general: 'Emails from Darefund',
};

export const isNotificationKind = (kind: string): kind is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** What a kind of email is called on the unsubscribe page. */
export const emailKindLabel = (kind: string): string =>
  isNotificationKind(kind)
    ? NOTIFICATION_KIND_LABELS[kind]
    : (OTHER_LABELS[kind] ?? OTHER_LABELS.general!);

import { ACCOUNT_MESSAGES } from '@/contracts/account';
import {
  CHANGE_EMAIL_TOKEN_HOURS,
  RESET_PASSWORD_TOKEN_HOURS,
  VERIFY_EMAIL_TOKEN_HOURS,
} from '@/contracts/limits';
import { ACCOUNT_EMAIL_KIND } from '../email/kinds';
import { renderBody } from '../email/template';
import type { OutgoingEmail } from '../notifications/outbox';

type Recipient = { to: string; name: string; userId: number };

/** The verification link of a new (or re-sent) address. */
export const verificationEmail = (r: Recipient, link: string): OutgoingEmail => ({
  to: r.to,
  userId: r.userId,
  kind: ACCOUNT_EMAIL_KIND,
  subject: 'Verify your email address',
  ...renderBody({
    greeting: `Hi ${r.name},`,
    headline: 'Please confirm that this is your email address.',
    paragraphs: [
      `The link works once, for ${VERIFY_EMAIL_TOKEN_HOURS} hours. If you did not sign up for Darefund, ignore this email.`,
    ],
    action: { label: 'Verify email address', url: link },
  }),
});

export const resetPasswordEmail = (r: Recipient, link: string): OutgoingEmail => ({
  to: r.to,
  userId: r.userId,
  kind: ACCOUNT_EMAIL_KIND,
  subject: 'Reset your password',
  ...renderBody({
    greeting: `Hi ${r.name},`,
    headline: 'Someone asked to reset the password of your Darefund account.',
    paragraphs: [
      `The link works once, for ${RESET_PASSWORD_TOKEN_HOURS} hour. If it was not you, ignore this email: your password stays as it is.`,
    ],
    action: { label: 'Choose a new password', url: link },
  }),
});

export const passwordChangedEmail = (r: Recipient, resetPage: string): OutgoingEmail => ({
  to: r.to,
  userId: r.userId,
  kind: ACCOUNT_EMAIL_KIND,
  subject: ACCOUNT_MESSAGES.passwordChanged,
  ...renderBody({
    greeting: `Hi ${r.name},`,
    headline: `${ACCOUNT_MESSAGES.passwordChanged}.`,
    paragraphs: [
      'Every other device was signed out. If this was not you, reset your password now.',
    ],
    action: { label: 'Reset password', url: resetPage },
  }),
});

/** The link that makes a new address the account's (sent to the new address). */
export const confirmNewEmail = (r: Recipient, link: string): OutgoingEmail => ({
  to: r.to,
  userId: r.userId,
  kind: ACCOUNT_EMAIL_KIND,
  subject: 'Confirm your new email address',
  ...renderBody({
    greeting: `Hi ${r.name},`,
    headline: 'Please confirm that Darefund should use this email address.',
    paragraphs: [
      `Your account keeps its old address until you open this link. It works once, for ${CHANGE_EMAIL_TOKEN_HOURS} hours. If you did not ask for this, ignore this email.`,
    ],
    action: { label: 'Use this email address', url: link },
  }),
});

/** The notice to the old address once a new one took its place. */
export const emailChangedNotice = (
  r: Recipient,
  newAddress: string,
  resetPage: string,
): OutgoingEmail => ({
  to: r.to,
  userId: r.userId,
  kind: ACCOUNT_EMAIL_KIND,
  subject: 'Your email address was changed',
  ...renderBody({
    greeting: `Hi ${r.name},`,
    headline: 'Your Darefund account now uses another email address.',
    paragraphs: [
      `From now on we write to ${maskAddress(newAddress)}, and every other device was signed out. If this was not you, reset your password now and write to us.`,
    ],
    action: { label: 'Reset password', url: resetPage },
  }),
});

/** "ne•••@example.com": enough for the owner to recognise, little for anyone else. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  return `${local.slice(0, 2)}•••${address.slice(at)}`;
}

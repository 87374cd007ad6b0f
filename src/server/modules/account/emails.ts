import { ACCOUNT_MESSAGES } from '@/contracts/account';
import { RESET_PASSWORD_TOKEN_HOURS, VERIFY_EMAIL_TOKEN_HOURS } from '@/contracts/limits';
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

import { z } from 'zod';
import { email, MESSAGES, newPasswordSchema } from './auth';
import { pathId, text } from './common';
import { PASSWORD_MAX } from './limits';

export const SESSION_MESSAGES = {
  notFound: 'Session not found',
} as const;

/** One signed-in browser of the account (GET /api/account/sessions). */
export const accountSessionSchema = z.object({
  id: z.number().int(),
  /** "Chrome on Android": from the browser's User-Agent when it signed in. */
  device: z.string(),
  browser: z.string(),
  system: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The session making this request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.object({ items: z.array(accountSessionSchema) });
export type AccountSessions = z.infer<typeof accountSessionsSchema>;

export const sessionParamsSchema = z.object({ id: pathId });

/** What ending sessions did: how many ended (0 when there were no others). */
export const endedSessionsSchema = z.object({ ended: z.number().int() });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;

export const PASSWORD_CHANGE_MESSAGES = {
  wrongCurrent: 'Current password is incorrect',
  currentRequired: 'Please enter your current password',
  changed: 'Password changed. Other devices were signed out.',
} as const;

/** POST /api/account/password: the new password twice, and the current one to prove it is you. */
export const changePasswordSchema = z
  .object({
    currentPassword: text('Password')
      .min(1, PASSWORD_CHANGE_MESSAGES.currentRequired)
      .max(PASSWORD_MAX),
    newPassword: newPasswordSchema,
    confirmPassword: text('Password'),
  })
  .refine((data) => data.newPassword === data.confirmPassword, {
    message: MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const passwordChangedSchema = z.object({
  message: z.string(),
  /** How many other sessions were signed out. */
  endedSessions: z.number().int(),
});

export const EMAIL_CHANGE_MESSAGES = {
  taken: 'That email is already registered',
  unchanged: 'That is already your email address',
  wrongPassword: 'Password is incorrect',
  passwordRequired: 'Please enter your password',
  changed: 'Your email address was changed',
} as const;

/** The 202 answer of a change of address: where the link went. */
export const emailChangeSentMessage = (address: string) =>
  `We sent a link to ${address}. Your email address changes when you open it.`;

/** POST /api/account/email: the new address, and the password to prove it is you. */
export const changeEmailSchema = z.object({
  email,
  password: text('Password').min(1, EMAIL_CHANGE_MESSAGES.passwordRequired).max(PASSWORD_MAX),
});
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** POST /api/account/email/confirm: the token of the link sent to the new address. */
export const confirmEmailChangeSchema = z.object({ token: text('Token').max(200) });

import { z } from 'zod';
import { email, MESSAGES, password } from './auth';
import { text } from './common';

/** The words of the account-link flows (issue 20, DESIGN.md section 9). */
export const ACCOUNT_MESSAGES = {
  invalidLink: 'This link is invalid or has expired',
  verifyFirst: 'Verify your email address first',
  resetSent: 'If an account exists for that email, we sent a link to reset the password.',
  verificationSent: 'We sent a new link. It works for 24 hours.',
  passwordChanged: 'Your password was changed',
} as const;

/** A link's token as the page found it; anything malformed is just an invalid link. */
const token = text('Token').max(200);

export const verifyEmailSchema = z.object({ token });

export const passwordResetRequestSchema = z.object({ email });

/** The reset form: the register form's password rules and texts. */
export const passwordResetConfirmSchema = z
  .object({ token, password, confirmPassword: text('Password') })
  .refine((data) => data.password === data.confirmPassword, {
    message: MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type PasswordResetConfirmInput = z.input<typeof passwordResetConfirmSchema>;

/** The 202 answer of a request that sends an email (or says it would have). */
export const emailSentSchema = z.object({ message: z.string() });

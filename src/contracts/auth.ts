import { z } from 'zod';
import { text } from './common';
import { DISPLAY_NAME_MAX, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './limits';

export const MESSAGES = {
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: `Password cannot exceed ${PASSWORD_MAX} characters`,
  passwordsDontMatch: "Passwords don't match",
  identifierRequired: 'Please enter your email or username',
  passwordRequired: 'Please enter your password',
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
} as const;

/**
 * The login's 429: when to try again, and the way out that needs no waiting (the login form
 * shows the reset link with it).
 */
export const loginThrottledMessage = (wait: string) =>
  `Too many login attempts. Please try again in ${wait}, or reset your password.`;

export const email = text('Email')
  .trim()
  .max(EMAIL_MAX, MESSAGES.invalidEmail)
  .pipe(z.email(MESSAGES.invalidEmail))
  .transform((value) => value.toLowerCase());

export const password = text('Password')
  .min(PASSWORD_MIN, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX, MESSAGES.passwordTooLong);

/** Optional display name: blank means "none". */
const optionalDisplayName = text('Display name')
  .trim()
  .max(DISPLAY_NAME_MAX, `Display name cannot exceed ${DISPLAY_NAME_MAX} characters`)
  .optional()
  .transform((value) => (value ? value : undefined));

/** The register form and the server share this schema; the server re-checks the confirmation. */
export const registerSchema = z
  .object({
    email,
    displayName: optionalDisplayName,
    password,
    confirmPassword: text('Password'),
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type RegisterInput = z.input<typeof registerSchema>;

/** `email` holds an email or a username (DESIGN.md section 3). */
export const loginSchema = z.object({
  email: text('Email').trim().min(1, MESSAGES.identifierRequired).max(EMAIL_MAX),
  password: text('Password').min(1, MESSAGES.passwordRequired).max(PASSWORD_MAX),
  rememberMe: z.boolean().default(true),
});
export type LoginInput = z.input<typeof loginSchema>;

/** A password being chosen (register, change, reset): the spec's rules and texts. */
export const newPasswordSchema = password;

import { z } from 'zod';
import { text } from './common';

/**
 * Saved cards (Billing & Payment) and the payout account (spec sections 2, 3 and 7).
 * A payment method's id is the gateway's (`pm_...`), so the same id confirms a payment.
 */
export const BILLING_MESSAGES = {
  loadFailed: 'Failed to load payment methods',
  deleteConfirm: 'Are you sure you want to delete this payment method?',
  notFound: 'Payment method not found',
  notConnected: 'No payout account connected',
  /** Any failure of the payment provider while saving a card or setting up payouts. */
  setupFailed: 'Payment setup failed',
} as const;

export const savedPaymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  isDefault: z.boolean(),
});
export type SavedPaymentMethod = z.infer<typeof savedPaymentMethodSchema>;

export const paymentMethodListSchema = z.object({
  paymentMethods: z.array(savedPaymentMethodSchema),
});

export const addPaymentMethodSchema = z.object({
  paymentMethodId: text('Payment method').min(1).max(100),
  setAsDefault: z.boolean().optional(),
});

export const replacePaymentMethodSchema = z.object({
  newPaymentMethodId: text('Payment method').min(1).max(100),
});

export const paymentMethodParamsSchema = z.object({
  id: text('Payment method').min(1).max(100),
});

/** POST /api/stripe/connect-account */
export const connectAccountSchema = z.object({
  refreshUrl: text('Refresh URL').max(2000),
  returnUrl: text('Return URL').max(2000),
});
export const connectAccountResultSchema = z.object({ url: z.string() });

/** GET /api/stripe/connect-status (400 when no account is connected). */
export const connectStatusSchema = z.object({
  isVerified: z.boolean(),
  detailsSubmitted: z.boolean(),
  accountId: z.string(),
});
export type ConnectStatus = z.infer<typeof connectStatusSchema>;

export const PAYOUT_MESSAGES = {
  notFound: 'Payout account not found',
  legalNameRequired: 'Enter your full legal name',
  dateOfBirthInvalid: 'Enter your date of birth',
  tooYoung: 'You must be at least 18 years old to receive payouts',
  routingNumber: 'Routing number must be 9 digits',
  accountNumber: 'Account number must be 4 to 17 digits',
  urlNotAllowed: 'Return and refresh URLs must point to this site',
} as const;

/** Stripe Connect's minimum age for an individual account holder. */
export const PAYOUT_MIN_AGE_YEARS = 18;

/** True when `value` (YYYY-MM-DD) is a real calendar date. */
function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && year >= 1900;
}

/** Whole years between a YYYY-MM-DD birthday and `now` (UTC). */
export function ageOn(dateOfBirth: string, now: Date): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const beforeBirthday =
    now.getUTCMonth() + 1 < month || (now.getUTCMonth() + 1 === month && now.getUTCDate() < day);
  return now.getUTCFullYear() - year - (beforeBirthday ? 1 : 0);
}

/**
 * The simulated onboarding form (what Stripe's hosted onboarding collects). The server only
 * checks it and marks the account verified: none of these values is stored or logged.
 */
export const payoutDetailsSchema = z.object({
  legalName: text('Legal name', PAYOUT_MESSAGES.legalNameRequired)
    .trim()
    .min(1, PAYOUT_MESSAGES.legalNameRequired)
    .max(100, 'Legal name must be at most 100 characters'),
  dateOfBirth: text('Date of birth', PAYOUT_MESSAGES.dateOfBirthInvalid)
    .refine(isCalendarDate, PAYOUT_MESSAGES.dateOfBirthInvalid)
    .refine(
      (value) => !isCalendarDate(value) || ageOn(value, new Date()) >= PAYOUT_MIN_AGE_YEARS,
      PAYOUT_MESSAGES.tooYoung,
    ),
  routingNumber: text('Routing number', PAYOUT_MESSAGES.routingNumber)
    .trim()
    .regex(/^\d{9}$/, PAYOUT_MESSAGES.routingNumber),
  accountNumber: text('Account number', PAYOUT_MESSAGES.accountNumber)
    .trim()
    .regex(/^\d{4,17}$/, PAYOUT_MESSAGES.accountNumber),
});
export type PayoutDetails = z.infer<typeof payoutDetailsSchema>;

/** POST /api/stripe/connect-account/verify (simulated gateway only). */
export const verifyPayoutAccountSchema = payoutDetailsSchema.extend({
  accountId: text('Account', PAYOUT_MESSAGES.notFound).min(1).max(100),
});
export type VerifyPayoutAccountInput = z.infer<typeof verifyPayoutAccountSchema>;

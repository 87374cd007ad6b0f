import { z } from 'zod';

/**
 * Saved cards (Billing & Payment) and the payout account (spec sections 2, 3 and 7).
 * A payment method's id is the gateway's (`pm_...`), so the same id confirms a payment.
 */
export const BILLING_MESSAGES = {
  loadFailed: 'Failed to load payment methods',
  deleteConfirm: 'Are you sure you want to delete this payment method?',
  notFound: 'Payment method not found',
  notConnected: 'No payout account connected',
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
  paymentMethodId: z.string().min(1).max(100),
  setAsDefault: z.boolean().optional(),
});

export const replacePaymentMethodSchema = z.object({
  newPaymentMethodId: z.string().min(1).max(100),
});

export const paymentMethodParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** POST /api/stripe/connect-account */
export const connectAccountSchema = z.object({
  refreshUrl: z.string().max(2000),
  returnUrl: z.string().max(2000),
});
export const connectAccountResultSchema = z.object({ url: z.string() });

/** GET /api/stripe/connect-status (400 when no account is connected). */
export const connectStatusSchema = z.object({
  isVerified: z.boolean(),
  detailsSubmitted: z.boolean(),
  accountId: z.string(),
});
export type ConnectStatus = z.infer<typeof connectStatusSchema>;

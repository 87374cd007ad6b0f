import { z } from 'zod';

/**
 * What happens to a dare's money once it ends (DESIGN.md section 4): capture of the holds
 * and the payout to the taker, as the creator's panel shows it. Amounts in dollars.
 */
export const FUNDING_MESSAGES = {
  notCompleted: 'Payments can only be collected once the dare is completed',
  accountNotVerified: 'Set up and verify your payout account to collect payments',
  creatorOnly: 'Only the creator of this dare can do that',
  dareNotFound: 'Dare not found',
} as const;

export const PAYOUT_STATUSES = ['not_started', 'waiting_for_account', 'paid', 'failed'] as const;
export const payoutStatusSchema = z.enum(PAYOUT_STATUSES);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

/** GET /api/dares/{id}/payment-status (the creator only). */
export const paymentStatusSchema = z.object({
  /** Dollars captured from the dare's pledges so far. */
  capturedTotal: z.number(),
  pledgesCaptured: z.number().int(),
  /** Holds that were refused when captured (declined card, lapsed authorization). */
  pledgesFailed: z.number().int(),
  /** Live holds not captured yet (authorized, or waiting for the pledger's card update). */
  pledgesAwaiting: z.number().int(),
  /** The platform fee in dollars: booked once paid, a preview of the same rule before. */
  fee: z.number(),
  /** What the taker receives (or will), in dollars. */
  payout: z.number(),
  payoutStatus: payoutStatusSchema,
  /** Whether the taker's payout account is verified (the payout waits until it is). */
  accountVerified: z.boolean(),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

import { z } from 'zod';

/**
 * What happens to a dare's money once it ends (DESIGN.md section 4): capture of the holds
 * and the payout to the taker, as the creator's panel shows it. Amounts in dollars.
 */
export const FUNDING_MESSAGES = {
  notCompleted: 'Payments can only be collected once the dare is completed',
  accountNotVerified: 'Set up and verify your payout account to collect payments',
  creatorOnly: 'Only the creator of this dare can do that',
  partiesOnly: 'Only the creator or the taker of this dare can do that',
  takerAccountNotVerified:
    'The payout waits for the taker to set up and verify their payout account',
  dareNotFound: 'Dare not found',
} as const;

export const PAYOUT_STATUSES = ['not_started', 'waiting_for_account', 'paid', 'failed'] as const;
export const payoutStatusSchema = z.enum(PAYOUT_STATUSES);
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

/** GET /api/dares/{id}/payment-status (the creator and the taker). */
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

/** GET /api/payouts/waiting: what the signed-in taker earned that waits for their payout account. */
export const waitingPayoutsSchema = z.object({
  /** Dollars, after the platform fee. */
  amount: z.number(),
  /** How many completed dares the money comes from. */
  dares: z.number().int(),
});
export type WaitingPayouts = z.infer<typeof waitingPayoutsSchema>;

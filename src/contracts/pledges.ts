import { z } from 'zod';
import { PLEDGE_STATES } from '../domain/pledge-lifecycle';
import { id, MAX_ID } from './common';
import { MIN_PLEDGE_CENTS, PUBLIC_DARE_FUNDING_CENTS } from './limits';
import { hasAtMostTwoDecimals } from './money';
import { paymentIntentStatusSchema } from './payments';
import { PLEDGE_MESSAGES } from './pledge-values';

/**
 * Pledges and the payment calls around them (spec sections 5, 7 and 8; DESIGN.md section 4).
 * The API speaks dollars for pledge amounts, except the two intent calls, which take cents
 * as the spec's client sends them. Amounts from a client are never trusted: the server
 * charges the pledge's own stored amount.
 */
export { PLEDGE_MESSAGES } from './pledge-values';

const dollars = z
  .number({ error: PLEDGE_MESSAGES.invalidAmount })
  .positive(PLEDGE_MESSAGES.invalidAmount)
  .min(MIN_PLEDGE_CENTS / 100, PLEDGE_MESSAGES.minimum)
  .max(100_000, 'Maximum pledge is $100,000')
  .refine(hasAtMostTwoDecimals, PLEDGE_MESSAGES.twoDecimals);

/**
 * POST /api/pledges. A retry is recognised by the Idempotency-Key header (contracts/
 * idempotency.ts): the same key and body answer the same pledge.
 */
export const createPledgeSchema = z.object({
  dareId: id,
  amount: dollars,
});
export type CreatePledgeInput = z.infer<typeof createPledgeSchema>;

/** The pledge lifecycle's states (src/domain/pledge-lifecycle.ts is their one source). */
export const PLEDGE_STATUSES = PLEDGE_STATES;
export const pledgeStatusSchema = z.enum(PLEDGE_STATUSES);

/** A pledge as its owner sees it. */
export const pledgeViewSchema = z.object({
  id: z.number().int(),
  dareId: z.number().int(),
  userId: z.number().int(),
  amount: z.number(),
  status: pledgeStatusSchema,
  captured: z.boolean(),
  createdAt: z.string(),
  authorizedAt: z.string().nullable(),
  /** When the current card hold lapses; the renewal job keeps it ahead of the dare's end. */
  captureBefore: z.string().nullable(),
  /** Set while a renewal failed and the pledger must update their card (48 h). */
  actionRequiredAt: z.string().nullable(),
  /** The dare's summary: enough for a card on the profile's Pledged tab. */
  dare: z.object({
    id: z.number().int(),
    title: z.string(),
    status: z.string(),
    coverImage: z.string().nullable(),
    pitchPoster: z.string().nullable(),
  }),
});
export type PledgeView = z.infer<typeof pledgeViewSchema>;
export const pledgeListSchema = z.array(pledgeViewSchema);

/** POST /api/pledges/payment-intent: amount in cents, checked against the stored pledge. */
export const pledgePaymentIntentSchema = z.object({
  pledgeId: id,
  dareId: id,
  amount: z.number().int().positive().max(MAX_ID),
});

export const clientSecretSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  status: paymentIntentStatusSchema,
});
export type ClientSecretResult = z.infer<typeof clientSecretSchema>;

/** POST /api/payments/create-pre-dare-intent: the public dare's first pledge, in cents. */
export const preDareIntentSchema = z.object({
  amount: z
    .number({ error: PLEDGE_MESSAGES.invalidAmount })
    .int(PLEDGE_MESSAGES.invalidAmount)
    .min(PUBLIC_DARE_FUNDING_CENTS, 'Public dares must be funded with at least $5 to go live.')
    .max(10_000_000, 'Maximum pledge is $100,000'),
});

/** GET /api/payments/config: which card provider the client talks to. */
export const paymentConfigSchema = z.object({
  provider: z.enum(['simulated', 'stripe']),
  publishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** POST /api/dares/{id}/capture-payments */
export const capturePaymentsResultSchema = z.object({
  success: z.number().int(),
  failed: z.number().int(),
  total: z.number(),
});
export type CapturePaymentsResult = z.infer<typeof capturePaymentsResultSchema>;

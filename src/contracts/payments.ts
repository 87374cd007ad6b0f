import { z } from 'zod';
import { MAX_ID, text } from './common';

/**
 * The simulated gateway's client-facing calls (DESIGN.md section 4): what Stripe.js sends to
 * Stripe, sent to our server instead when no Stripe key is configured. Card checks (Luhn,
 * expiry, CVC) happen on the server and answer 402 with Stripe's codes, as Stripe does; these
 * schemas only check the shape. Their messages never quote the input (no card number in
 * error bodies or logs).
 */

export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'succeeded',
  'canceled',
] as const;
export const paymentIntentStatusSchema = z.enum(PAYMENT_INTENT_STATUSES);

export const cardSchema = z.object({
  number: text('Card number').max(32),
  // Bounded to the database's integer range; the gateway answers 402 for a wrong expiry.
  expMonth: z.number().int().min(-MAX_ID).max(MAX_ID),
  expYear: z.number().int().min(-MAX_ID).max(MAX_ID),
  cvc: text('CVC').max(8),
});
export type CardDetails = z.infer<typeof cardSchema>;

export const billingDetailsSchema = z.object({
  name: text('Name').trim().min(1, 'Enter the name on the card').max(200),
});

/** POST /api/payments/simulated/payment-methods */
export const createPaymentMethodSchema = z.object({
  card: cardSchema,
  billingDetails: billingDetailsSchema,
});
export type CreatePaymentMethodInput = z.infer<typeof createPaymentMethodSchema>;

export const paymentMethodViewSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type PaymentMethodView = z.infer<typeof paymentMethodViewSchema>;

/**
 * POST /api/payments/simulated/confirm: with a new card, a saved payment method, or neither
 * when answering the 3DS step of an intent in requires_action (`authenticate`).
 */
export const confirmPaymentSchema = z
  .object({
    clientSecret: text('Client secret').min(1).max(200),
    paymentMethod: createPaymentMethodSchema.optional(),
    paymentMethodId: text('Payment method').min(1).max(100).optional(),
    /** The customer's answer to the authentication challenge (true: approved). */
    authenticate: z.boolean().optional(),
  })
  .refine((input) => !(input.paymentMethod && input.paymentMethodId), {
    message: 'Send either a card or a saved payment method, not both',
  });
export type ConfirmPaymentInput = z.infer<typeof confirmPaymentSchema>;

export const confirmPaymentResultSchema = z.object({
  id: z.string(),
  status: paymentIntentStatusSchema,
});
export type ConfirmPaymentResult = z.infer<typeof confirmPaymentResultSchema>;

/** A card failure (402), with Stripe's codes. */
export const paymentErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  declineCode: z.string().optional(),
});
export type PaymentErrorBody = z.infer<typeof paymentErrorSchema>;

/** A refused request (400, 404): a gateway refusal has a code, a malformed body only a message. */
export const paymentRequestErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
});

import type { PaymentIntent } from '../../adapters/payments/gateway';
import type { AppContext } from '../../context';

/**
 * What the app does when a payment intent changes at the gateway: Stripe tells us by
 * webhook (payment_intent.amount_capturable_updated, .succeeded, .canceled,
 * .payment_failed), the simulated gateway's confirm route calls this in-process, and
 * reading a pending pledge reconciles through it too. Idempotent: applying the same intent
 * state twice changes nothing.
 */
export async function handlePaymentIntentUpdate(
  _ctx: AppContext,
  _intent: PaymentIntent,
): Promise<void> {}

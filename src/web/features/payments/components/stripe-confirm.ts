import type { ConfirmPaymentResult } from '@/contracts/payments';
import { PaymentStepError } from '../lib/error-message';
import type { StripeCardHandle } from '../stripe/stripe-card-element';

/**
 * Confirms through Stripe's Element (Stripe.js runs any 3D Secure step itself). Its decline
 * message, or 'Payment failed', becomes the payer-facing error (spec section 8).
 */
export async function stripeConfirm(
  handle: StripeCardHandle,
  clientSecret: string,
  cardholderName: string,
): Promise<ConfirmPaymentResult> {
  try {
    const result = await handle.confirm(clientSecret, cardholderName);
    return result as ConfirmPaymentResult;
  } catch (error) {
    throw new PaymentStepError(
      error instanceof Error && error.message ? error.message : 'Payment failed',
    );
  }
}

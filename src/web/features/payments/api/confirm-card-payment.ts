import type { CardDetails, ConfirmPaymentResult } from '@/contracts/payments';
import { apiRequest } from '@/web/lib/api-client';

/** A new card as Stripe.js would send it, or a saved card by its payment method id. */
export type CardPaymentSource =
  | { card: CardDetails; billingDetails: { name: string } }
  | { paymentMethodId: string };

const CONFIRM_PATH = '/api/payments/simulated/confirm';

/**
 * Confirms a PaymentIntent with the simulated provider (what stripe.confirmCardPayment does
 * against Stripe). Resolves to `{ id, status }`: 'requires_capture' once a hold is placed,
 * 'succeeded' for an automatic capture, 'requires_action' when the card asks for
 * authentication (answer it with `answerAuthentication`). A decline rejects with an ApiError
 * (402) whose message is the card's, such as 'Your card was declined.'.
 */
export function confirmCardPayment(
  clientSecret: string,
  source: CardPaymentSource,
): Promise<ConfirmPaymentResult> {
  const body =
    'paymentMethodId' in source
      ? { clientSecret, paymentMethodId: source.paymentMethodId }
      : {
          clientSecret,
          paymentMethod: { card: source.card, billingDetails: source.billingDetails },
        };
  return apiRequest<ConfirmPaymentResult>(CONFIRM_PATH, { method: 'POST', body });
}

/** The payer's answer to the 3D Secure step: approve, or fail it (which declines, 402). */
export function answerAuthentication(
  clientSecret: string,
  approve: boolean,
): Promise<ConfirmPaymentResult> {
  return apiRequest<ConfirmPaymentResult>(CONFIRM_PATH, {
    method: 'POST',
    body: { clientSecret, authenticate: approve },
  });
}

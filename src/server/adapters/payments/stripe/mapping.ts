import type Stripe from 'stripe';
import { PAYMENT_INTENT_STATUSES } from '@/contracts/payments';
import type { PaymentError, PaymentIntent, PaymentIntentStatus, PaymentMethod } from '../gateway';

/** Stripe objects -> the gateway's types (decision 0007). Pure: no SDK instance needed. */

/** Stripe holds a card authorization for 7 days (as the simulated gateway does). */
export const CAPTURE_WINDOW_SECONDS = 7 * 24 * 60 * 60;

const STATUSES: readonly PaymentIntentStatus[] = PAYMENT_INTENT_STATUSES;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** A status this code does not know yet is treated as in flight, never as final. */
const statusOf = (status: string): PaymentIntentStatus =>
  (STATUSES as readonly string[]).includes(status) ? (status as PaymentIntentStatus) : 'processing';

/**
 * When the hold lapses. Exact when `latest_charge` is expanded (the adapter expands it on
 * every call); otherwise (webhook payloads) creation + 7 days: the intent is authorized after
 * it is created, so this is never later than Stripe's real deadline, and a renewal is never
 * late.
 */
function captureBeforeOf(intent: Stripe.PaymentIntent, status: PaymentIntentStatus): Date | null {
  const held = status === 'requires_capture' || (status === 'succeeded' && isManual(intent));
  if (!held) return null;
  const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
  const exact = charge?.payment_method_details?.card?.capture_before;
  if (exact) return new Date(exact * 1000);
  const authorizedAt = charge?.created ?? intent.created;
  return new Date((authorizedAt + CAPTURE_WINDOW_SECONDS) * 1000);
}

const isManual = (intent: Stripe.PaymentIntent) => intent.capture_method === 'manual';

export function toPaymentError(error: Stripe.PaymentIntent.LastPaymentError): PaymentError {
  return {
    code: error.code ?? error.type,
    ...(error.decline_code ? { declineCode: error.decline_code } : {}),
    message: error.message ?? 'Your card was declined.',
  };
}

export function toPaymentIntent(intent: Stripe.PaymentIntent): PaymentIntent {
  const status = statusOf(intent.status);
  return {
    id: intent.id,
    // Only publishable-key reads omit it; the server always uses the secret key.
    clientSecret: intent.client_secret ?? '',
    amountCents: intent.amount,
    amountCapturedCents: intent.amount_received,
    currency: 'usd',
    status,
    captureMethod: isManual(intent) ? 'manual' : 'automatic',
    paymentMethodId: idOf(intent.payment_method),
    customerId: idOf(intent.customer),
    captureBefore: captureBeforeOf(intent, status),
    lastError: intent.last_payment_error ? toPaymentError(intent.last_payment_error) : null,
    metadata: { ...intent.metadata },
  };
}

export function toPaymentMethod(method: Stripe.PaymentMethod): PaymentMethod {
  return {
    id: method.id,
    brand: method.card?.brand ?? method.type,
    last4: method.card?.last4 ?? '',
    expMonth: method.card?.exp_month ?? 0,
    expYear: method.card?.exp_year ?? 0,
    customerId: idOf(method.customer),
  };
}

/**
 * Verified = Stripe can send the taker money and the taker can get it out: the `transfers`
 * capability is active (a transfer is refused otherwise) and payouts are enabled. Payments
 * are charged on the platform, so `charges_enabled` does not matter; `details_submitted`
 * alone only means the form was filled in, not that Stripe has accepted it.
 */
export function toConnectedAccount(account: Stripe.Account) {
  const transfersActive = account.capabilities?.transfers === 'active';
  return {
    id: account.id,
    verified: transfersActive && account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
  };
}

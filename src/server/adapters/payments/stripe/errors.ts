import type Stripe from 'stripe';
import { type PaymentError, PaymentGatewayError, PaymentProviderError } from '../gateway';

type StripeErrors = typeof Stripe.errors;

/**
 * Stripe's refusals become PaymentGatewayError, as the simulated gateway throws them: card
 * errors (402), invalid requests (resource_missing, payment_intent_unexpected_state,
 * amount_too_small, insufficient_capabilities_for_transfer...) and idempotency conflicts.
 * Anything else from Stripe (authentication, rate limit, connection, Stripe's own 5xx) is an
 * outage, not an answer about the payment: a PaymentProviderError carrying only what the log
 * needs (Stripe's error objects also hold the raw request and response).
 */
export function toGatewayError(errors: StripeErrors, error: unknown): unknown {
  if (error instanceof errors.StripeIdempotencyError) {
    // The simulated gateway's code for "same key, other parameters".
    return new PaymentGatewayError({
      code: error.code ?? 'idempotency_key_in_use',
      message: error.message,
    });
  }
  if (
    error instanceof errors.StripeCardError ||
    error instanceof errors.StripeInvalidRequestError
  ) {
    const fallback = error instanceof errors.StripeCardError ? 'card_declined' : 'invalid_request';
    const paymentError: PaymentError = {
      code: error.code ?? fallback,
      ...(error.decline_code ? { declineCode: error.decline_code } : {}),
      message: error.message,
    };
    // A failed create-and-confirm leaves an intent behind; the caller may record or cancel it.
    return new PaymentGatewayError(paymentError, error.payment_intent?.id);
  }
  if (error instanceof errors.StripeError) {
    const { message, type, statusCode, code, requestId } = error;
    return new PaymentProviderError(message, type, statusCode, code, requestId);
  }
  return error;
}

/** Runs one SDK call, translating its refusals. */
export async function translated<T>(errors: StripeErrors, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toGatewayError(errors, error);
  }
}

import { isApiError, isNetworkError } from '@/web/lib/api-client';

/**
 * The words to show for a failed payment step: the server's message for a refusal it
 * explained (4xx, such as a decline's 'Your card was declined.'), otherwise `fallback`.
 * A 5xx says nothing useful to the payer, so the spec's default wording stands in for it; no
 * answer at all says so ('You're offline'), which the payer can do something about.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (isNetworkError(error)) return error.message;
  if (isApiError(error)) {
    return error.status >= 400 && error.status < 500 && error.message ? error.message : fallback;
  }
  // Errors we raise ourselves (a Stripe decline, a missing client secret) carry their words.
  if (error instanceof PaymentStepError) return error.message || fallback;
  return fallback;
}

/** An error whose message is meant for the payer (thrown by card providers and flows). */
export class PaymentStepError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentStepError';
  }
}

import { CircleAlert } from 'lucide-react';

/** Spec section 2's fallback when the card provider cannot be loaded. */
export const PAYMENT_UNAVAILABLE_MESSAGE =
  'Payment system could not be initialized. Please try again later.';

export function PaymentUnavailable() {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm text-danger"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {PAYMENT_UNAVAILABLE_MESSAGE}
    </p>
  );
}

import { CircleAlert } from 'lucide-react';

/**
 * The inline error of a payment form. The live region is always in the page, so a message
 * that appears in it is announced (a region inserted together with its text often is not).
 */
export function PaymentError({ message }: { message: string | null }) {
  return (
    // Empty, it takes back the gap the form puts before it.
    <div aria-live="assertive" aria-atomic="true" className="empty:-mt-4">
      {message && (
        <p className="flex items-start gap-2 rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm text-danger">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {message}
        </p>
      )}
    </div>
  );
}

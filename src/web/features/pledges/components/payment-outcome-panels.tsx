import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { Button, buttonClasses } from '@/web/components/ui/button';

/**
 * 'Payment Authorized Successfully!' with the way back to the dare. It replaces the form the
 * payer was in, so focus moves to its heading rather than falling back to the page's start.
 */
export function PaymentAuthorizedPanel({ dareId, amount }: { dareId: number; amount: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="payment-authorized-title"
      className="flex flex-col items-center gap-3 rounded-3xl border border-line bg-surface px-6 py-10 text-center"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-success/15 text-success">
        <CircleCheck className="size-8" aria-hidden="true" />
      </span>
      <h2
        id="payment-authorized-title"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-bold text-ink focus-visible:outline-none"
      >
        Payment Authorized Successfully!
      </h2>
      <p className="max-w-xs text-sm text-ink-muted">
        Your {amount} pledge is authorized. Your card will be charged only if the dare is
        successfully completed.
      </p>
      <Link href={`/dares/${dareId}`} className={buttonClasses('primary', 'lg', 'mt-2 w-full')}>
        Return to Dare
      </Link>
    </section>
  );
}

/** 'Error setting up payment' with the reason and 'Go Back'. */
export function PaymentSetupErrorPanel({ message }: { message: string }) {
  const [, navigate] = useLocation();
  const goBack = () => {
    // Arrived from inside the app: go back there; opened from a link: go home.
    if (window.history.length > 1) window.history.back();
    else navigate('/');
  };
  return (
    <section
      role="alert"
      aria-labelledby="payment-setup-error-title"
      className="flex flex-col items-center gap-3 rounded-3xl border border-line bg-surface px-6 py-10 text-center"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-danger/15 text-danger">
        <CircleAlert className="size-8" aria-hidden="true" />
      </span>
      <h2 id="payment-setup-error-title" className="text-xl font-bold text-ink">
        Error setting up payment
      </h2>
      <p className="max-w-xs text-sm text-ink-muted">{message}</p>
      <Button variant="secondary" size="lg" className="mt-2 w-full" onClick={goBack}>
        Go Back
      </Button>
    </section>
  );
}

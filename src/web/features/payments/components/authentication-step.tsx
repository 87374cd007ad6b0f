import { ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/web/components/ui/button';

interface AuthenticationStepProps {
  amountLabel: string;
  busy: boolean;
  onAnswer: (approve: boolean) => void;
}

/**
 * The simulated provider's stand-in for a bank's 3D Secure page (test card 4000 0025 0000
 * 3155): the payer approves or fails the challenge. Focus moves here so keyboard and
 * screen-reader users land on the question they must answer.
 */
export function AuthenticationStep({ amountLabel, busy, onAnswer }: AuthenticationStepProps) {
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    // Both answers must be on screen, not just the heading focus() would scroll to.
    section.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <section
      ref={section}
      aria-labelledby="card-authentication-title"
      // Clears the bottom navigation when scrolled into view.
      className="flex scroll-mb-24 flex-col gap-3 rounded-2xl border border-accent/50 bg-accent/5 p-4"
    >
      <h3
        id="card-authentication-title"
        ref={heading}
        tabIndex={-1}
        className="flex items-center gap-2 font-semibold text-ink focus-visible:outline-none"
      >
        <ShieldCheck className="size-5 text-accent" aria-hidden="true" />
        Confirm this payment
      </h3>
      <p className="text-sm text-ink-muted">
        Your card issuer asks you to authenticate this payment of {amountLabel}.
      </p>
      <div className="flex flex-col gap-2">
        <Button busy={busy} onClick={() => onAnswer(true)}>
          Authenticate payment
        </Button>
        <Button variant="outline" disabled={busy} onClick={() => onAnswer(false)}>
          Fail authentication
        </Button>
      </div>
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { DareView } from '@/contracts/dares';
import { dollarsToCents } from '@/contracts/money';
import type { PledgeView } from '@/contracts/pledges';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/components/ui/toast-store';
import { useLoginGate } from '@/web/features/dares/hooks/use-login-gate';
import { CardPaymentForm } from '@/web/features/payments/components/card-payment-form';
import { formatAmount } from '@/web/features/payments/lib/format-amount';
import {
  toastPaymentFailed,
  toastPledgeAuthorized,
} from '@/web/features/payments/lib/payment-toasts';
import { createPledgeClientSecret } from '@/web/features/pledges/api/create-payment-intent';
import { pledgeErrorMessage, useCreatePledge } from '@/web/features/pledges/api/create-pledge';
import { refreshAfterPledge } from '@/web/features/pledges/api/pledge-caches';
import { AmountPicker } from '@/web/features/pledges/components/amount-picker';
import { TermsNote } from '@/web/features/pledges/components/terms-note';
import {
  type AmountChoice,
  emptyAmountChoice,
  hasAmount,
  resolveAmount,
} from '@/web/features/pledges/lib/pledge-amount';

/**
 * Pick an amount, 'Continue to Payment' (creates the pledge), then the card and 'Complete
 * Payment'. 'Change amount' keeps the chosen amount for editing; the unpaid pledge it leaves
 * behind stays pending and counts for nothing.
 */
export function FundForm({ dare }: { dare: DareView }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const { handleAuthError } = useLoginGate();
  const create = useCreatePledge();
  const [choice, setChoice] = useState<AmountChoice>(emptyAmountChoice);
  const [error, setError] = useState<string | null>(null);
  const [pledge, setPledge] = useState<PledgeView | null>(null);
  // Each step replaces the button that led to it, so the focus moves to the new step (the
  // card step's heading, or the chosen amount) instead of falling back to <body>.
  const focusStep = useCallback((heading: HTMLElement | null) => heading?.focus(), []);
  const changedAmount = useRef(false);
  useEffect(() => {
    if (pledge || !changedAmount.current) return;
    changedAmount.current = false;
    document.querySelector<HTMLElement>('input[name="fund-amount"]:checked')?.focus();
  }, [pledge]);
  // The 'Invalid amount' toast must not linger over the card form once the amount is fixed.
  const invalidToast = useRef<{ dismiss: () => void } | null>(null);

  const onContinue = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || !hasAmount(choice)) return;
    const amount = resolveAmount(choice);
    if (!amount.ok) {
      setError(amount.message);
      invalidToast.current = toast({
        title: 'Invalid amount',
        description: amount.message,
        variant: 'destructive',
      });
      return;
    }
    invalidToast.current?.dismiss();
    invalidToast.current = null;
    create.mutate(
      { dareId: dare.id, amount: amount.dollars },
      {
        onSuccess: setPledge,
        onError: (cause) => {
          if (handleAuthError(cause)) return;
          toast({
            title: 'Pledge failed',
            description: pledgeErrorMessage(cause),
            variant: 'destructive',
          });
        },
      },
    );
  };

  if (pledge) {
    const amount = formatAmount(pledge.amount);
    return (
      <section aria-labelledby="fund-payment-title" className="flex flex-col gap-4">
        <div className="flex items-center justify-between gap-3 rounded-2xl bg-surface-raised px-4 py-3">
          <div>
            <h2
              id="fund-payment-title"
              ref={focusStep}
              tabIndex={-1}
              className="text-sm text-ink-muted focus:outline-none"
            >
              Your pledge
            </h2>
            <p className="text-2xl font-bold text-ink">{amount}</p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              changedAmount.current = true;
              setPledge(null);
            }}
          >
            Change amount
          </Button>
        </div>
        <CardPaymentForm
          idPrefix="fund-card"
          amountCents={dollarsToCents(pledge.amount)}
          getClientSecret={() => createPledgeClientSecret(pledge)}
          submitLabel="Complete Payment"
          note="Your payment will be authorized but not charged until the dare is successfully completed."
          onAuthorized={() => {
            toastPledgeAuthorized();
            void refreshAfterPledge(queryClient);
            navigate(`/dares/${dare.id}`);
          }}
          onError={toastPaymentFailed}
        />
        <TermsNote />
      </section>
    );
  }

  return (
    <form noValidate onSubmit={onContinue} className="flex flex-col gap-4">
      <AmountPicker
        idPrefix="fund"
        value={choice}
        onChange={(next) => {
          setChoice(next);
          setError(null);
        }}
        disabled={create.isPending}
        error={error}
      />
      <Button type="submit" size="lg" busy={create.isPending} disabled={!hasAmount(choice)}>
        Continue to Payment
      </Button>
      <TermsNote />
    </form>
  );
}

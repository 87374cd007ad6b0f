import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { DareView } from '@/contracts/dares';
import type { PledgeView } from '@/contracts/pledges';
import { toast } from '@/web/components/ui/toast-store';
import { toastPledgeAuthorized } from '@/web/features/payments/lib/payment-toasts';
import { pledgeErrorMessage, useCreatePledge } from '../api/create-pledge';
import { refreshAfterPledge } from '../api/pledge-caches';
import { usePledgeLogin } from '../hooks/use-pledge-login';
import { type AmountChoice, emptyAmountChoice, resolveAmount } from '../lib/pledge-amount';
import { PledgeAmountDialog } from './pledge-amount-dialog';
import { PledgePaymentDialog } from './pledge-payment-dialog';

/** The payment dialog follows the pledge by 300 ms (spec section 9). */
export const PAYMENT_DIALOG_DELAY_MS = 300;

type Step =
  | { name: 'amount' }
  | { name: 'created'; pledge: PledgeView }
  | { name: 'pay'; pledge: PledgeView };

/**
 * The feed's pledge flow (spec section 4): choose an amount, create the pledge, then pay by
 * card in a second dialog. Mounted while it runs; `onClose` ends it.
 */
export function PledgeFlow({ dare, onClose }: { dare: DareView; onClose: () => void }) {
  const queryClient = useQueryClient();
  const create = useCreatePledge();
  const { handleAuthError } = usePledgeLogin();
  const [choice, setChoice] = useState<AmountChoice>(emptyAmountChoice);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>({ name: 'amount' });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onContinue = () => {
    const amount = resolveAmount(choice);
    if (!amount.ok) return setError(amount.message);
    create.mutate(
      { dareId: dare.id, amount: amount.dollars },
      {
        onSuccess: (pledge) => {
          setStep({ name: 'created', pledge });
          timer.current = setTimeout(
            () => setStep({ name: 'pay', pledge }),
            PAYMENT_DIALOG_DELAY_MS,
          );
        },
        onError: (cause) => {
          if (handleAuthError(cause)) return onClose();
          toast({
            title: 'Pledge failed',
            description: pledgeErrorMessage(cause),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const onAuthorized = () => {
    toastPledgeAuthorized();
    void refreshAfterPledge(queryClient);
    onClose();
  };

  return (
    <>
      <PledgeAmountDialog
        dare={dare}
        open={step.name === 'amount'}
        choice={choice}
        onChoiceChange={(next) => {
          setChoice(next);
          setError(null);
        }}
        error={error}
        creating={create.isPending}
        onContinue={onContinue}
        onClose={onClose}
      />
      {step.name === 'pay' && (
        <PledgePaymentDialog
          open
          pledge={step.pledge}
          dareTitle={dare.title}
          onAuthorized={onAuthorized}
          onClose={onClose}
        />
      )}
    </>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { DareView } from '@/contracts/dares';
import { dollarsToCents } from '@/contracts/money';
import type { PledgeView } from '@/contracts/pledges';
import { toast } from '@/web/components/ui/toast-store';
import { createPledgeClientSecret } from '@/web/features/pledges/api/create-payment-intent';
import { pledgeErrorMessage, useCreatePledge } from '@/web/features/pledges/api/create-pledge';
import { refreshAfterPledge } from '@/web/features/pledges/api/pledge-caches';
import { PAYMENT_DIALOG_DELAY_MS } from '@/web/features/pledges/components/pledge-flow';
import { initialFundingChoice } from '../../lib/post-create-funding';
import { FundingAmountStep } from './funding-amount-step';
import { FundingDialog } from './funding-dialog';
import { FundingPaymentStep } from './funding-payment-step';

interface CreatorPledgeDialogProps {
  /** The dare just created (pending, nothing pledged yet). */
  dare: DareView;
  /** Fund later: the caller says 'Dare Created' and moves on to the profile. */
  onSkip: () => void;
  /** Back (spec section 2): the dare is kept; the caller closes the flow where it began. */
  onBack: () => void;
  /** The creator's pledge is authorized (dollars). */
  onFunded: (dollars: number) => void;
}

/**
 * The creator's first pledge to a dare just created (spec section 2): an amount, then the
 * pledge, then the card 300 ms later, as in the feed's pledge flow. Dismissing it is Skip.
 */
export function CreatorPledgeDialog({ dare, onSkip, onBack, onFunded }: CreatorPledgeDialogProps) {
  const queryClient = useQueryClient();
  const createPledge = useCreatePledge();
  const [choice, setChoice] = useState(initialFundingChoice);
  const [pledge, setPledge] = useState<PledgeView | null>(null);
  const [step, setStep] = useState<'amount' | 'opening' | 'pay'>('amount');
  const [skipping, setSkipping] = useState(false);
  /** The card form is working, or the pledge is authorized and the dialog is on its way out. */
  const [cardBusy, setCardBusy] = useState(false);
  const [paid, setPaid] = useState(false);
  const paying = cardBusy || paid;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const openPayment = (next: PledgeView) => {
    setPledge(next);
    setStep('opening');
    timer.current = setTimeout(() => setStep('pay'), PAYMENT_DIALOG_DELAY_MS);
  };

  const onPledge = (dollars: number) => {
    // Back and the same amount again pays the pledge already made instead of a second one.
    if (pledge?.amount === dollars) return setStep('pay');
    createPledge.mutate(
      { dareId: dare.id, amount: dollars },
      {
        onSuccess: openPayment,
        onError: (cause) =>
          toast({
            title: 'Pledge failed',
            description: pledgeErrorMessage(cause),
            variant: 'destructive',
          }),
      },
    );
  };

  /** Skip or Back: once, and never while a pledge or payment is under way. */
  const leave = (then: () => void) => () => {
    if (skipping || paying || createPledge.isPending) return;
    setSkipping(true);
    then();
  };
  const skip = leave(onSkip);

  const authorized = () => {
    setPaid(true);
    void refreshAfterPledge(queryClient);
    onFunded(pledge?.amount ?? 0);
  };

  return (
    <FundingDialog
      step={step === 'pay' ? 'pay' : 'amount'}
      title={step === 'pay' ? 'Complete Your Payment' : 'Pledge to this Dare'}
      description={step === 'pay' ? `Your pledge to ${dare.title}` : undefined}
      locked={false}
      onDismiss={step === 'pay' ? () => !paying && setStep('amount') : skip}
    >
      {step === 'pay' && pledge ? (
        <FundingPaymentStep
          amountCents={dollarsToCents(pledge.amount)}
          amountLabel="Pledge amount"
          getClientSecret={() => createPledgeClientSecret(pledge)}
          onAuthorized={authorized}
          onBack={() => setStep('amount')}
          busy={paying}
          onBusyChange={setCardBusy}
        />
      ) : (
        <FundingAmountStep
          dare={dare}
          isPublic={false}
          choice={choice}
          onChoiceChange={setChoice}
          busy={createPledge.isPending || step === 'opening' || skipping}
          onSubmit={onPledge}
          onBack={leave(onBack)}
          onSkip={skip}
          skipping={skipping}
        />
      )}
    </FundingDialog>
  );
}

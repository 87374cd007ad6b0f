import { useState } from 'react';
import { dollarsToCents } from '@/contracts/money';
import type { ConfirmPaymentResult } from '@/contracts/payments';
import { toast } from '@/web/components/ui/toast-store';
import { useCreateDare } from '../../api/create-dare';
import { createPreDareIntent } from '../../api/create-pre-dare-intent';
import { type CreateDareFormValues, toCreateDarePayload } from '../../lib/create-dare-form';
import { computeExpiresAt } from '../../lib/expires-at';
import {
  creationFailedToast,
  dareLiveToast,
  fundingAmount,
  fundingRequiredToast,
  initialFundingChoice,
} from '../../lib/post-create-funding';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { FundingAmountStep } from './funding-amount-step';
import { FundingDialog } from './funding-dialog';
import { FundingPaymentStep } from './funding-payment-step';

interface PublicFundingDialogProps {
  /** The valid form, media uploaded; the dare does not exist yet. */
  values: CreateDareFormValues;
  /** Back to the form: nothing was created and nothing is held on the card. */
  onBack: () => void;
  /** The dare is live (its id); the toast has been shown. */
  onLive: (dareId: number) => void;
  /** The card was authorized but the dare was refused (the server released the hold). */
  onFailed: () => void;
}

/**
 * A public challenge goes live only with its creator's funding (DESIGN.md section 5): the
 * card is authorized first (create-pre-dare-intent, then the card form), and only then is
 * the dare created with that intent, active, with the funding as its first pledge. The
 * dialog cannot be dismissed, and while it shows, leaving the page and the back button are
 * refused too (spec section 4).
 */
export function PublicFundingDialog({
  values,
  onBack,
  onLive,
  onFailed,
}: PublicFundingDialogProps) {
  const createDare = useCreateDare();
  const [choice, setChoice] = useState(initialFundingChoice);
  const [step, setStep] = useState<'amount' | 'pay'>('amount');
  const [cardBusy, setCardBusy] = useState(false);
  const amount = fundingAmount(choice);
  const amountCents = amount === null ? 0 : dollarsToCents(amount);
  // From the first moment the sheet shows: Back would otherwise change the page beneath it.
  useLeaveGuard(true, fundingRequiredToast);

  const getClientSecret = async () => (await createPreDareIntent(amountCents)).clientSecret;

  const authorized = (result: ConfirmPaymentResult) => {
    const payload = { ...toCreateDarePayload(values), fundingPaymentIntentId: result.id };
    createDare.mutate(payload, {
      onSuccess: (dare) => {
        toast(dareLiveToast(true, amount ?? 0));
        onLive(dare.id);
      },
      onError: () => {
        toast(creationFailedToast);
        onFailed();
      },
    });
  };

  const backToAmounts = () => {
    // An intent without a hold (never confirmed, or declined) keeps nothing on the card.
    setStep('amount');
  };

  return (
    <FundingDialog
      step={step}
      title={step === 'pay' ? 'Complete Your Payment' : 'Pledge to this Dare'}
      description={step === 'pay' ? `Funding for ${values.title}` : undefined}
      locked
      onDismiss={() => undefined}
    >
      {step === 'pay' ? (
        <FundingPaymentStep
          amountCents={amountCents}
          amountLabel="Funding amount"
          failureTitle="Funding failed"
          getClientSecret={getClientSecret}
          onAuthorized={authorized}
          onBack={backToAmounts}
          busy={cardBusy || createDare.isPending || createDare.isSuccess}
          onBusyChange={setCardBusy}
        />
      ) : (
        <FundingAmountStep
          dare={{
            title: values.title,
            currentAmount: 0,
            targetAmount: values.targetAmount,
            pledgeCount: 0,
            expiresAt: computeExpiresAt(values.duration),
          }}
          isPublic
          choice={choice}
          onChoiceChange={setChoice}
          busy={false}
          onSubmit={() => setStep('pay')}
          onBack={onBack}
        />
      )}
    </FundingDialog>
  );
}

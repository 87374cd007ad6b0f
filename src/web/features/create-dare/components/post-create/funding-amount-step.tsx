import { TriangleAlert } from 'lucide-react';
import type { FormEvent } from 'react';
import { RECIPIENT_MESSAGES } from '@/contracts/dares';
import { Button } from '@/web/components/ui/button';
import { AmountPicker } from '@/web/features/pledges/components/amount-picker';
import type { AmountChoice } from '@/web/features/pledges/lib/pledge-amount';
import { fundingAmount, fundingButtonLabel } from '../../lib/post-create-funding';
import { FundingSummary, type FundingSummaryProps } from './funding-summary';

interface FundingAmountStepProps {
  dare: FundingSummaryProps;
  isPublic: boolean;
  choice: AmountChoice;
  onChoiceChange: (choice: AmountChoice) => void;
  /** Creating the pledge, or leaving after Skip: the choices are frozen meanwhile. */
  busy: boolean;
  onSubmit: (dollars: number) => void;
  /** Public dares: back to the form, nothing created or charged. Others: leave, dare kept. */
  onBack?: () => void;
  /** Other dares: fund later from the profile. */
  onSkip?: () => void;
  skipping?: boolean;
}

const NOT_IN_FEED = 'Public dares cannot appear in the feed until funded.';

/** 'Pledge to this Dare': the dare, the amount, then 'Pledge $N' or 'Fund $N to Go Live'. */
export function FundingAmountStep(props: FundingAmountStepProps) {
  const { dare, isPublic, choice, onChoiceChange, busy, onSubmit, onBack, onSkip } = props;
  const amount = fundingAmount(choice);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && amount !== null) onSubmit(amount);
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <FundingSummary {...dare} />
      {isPublic && (
        <div className="flex gap-2.5 rounded-xl border border-amber-400/40 bg-amber-400/10 p-3 text-sm text-amber-100">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-300" aria-hidden="true" />
          <div className="flex flex-col gap-1">
            <p>{RECIPIENT_MESSAGES.publicNeedsFunding}</p>
            <p>{NOT_IN_FEED}</p>
          </div>
        </div>
      )}
      <AmountPicker
        idPrefix={isPublic ? 'public-funding' : 'creator-pledge'}
        value={choice}
        onChange={onChoiceChange}
        disabled={busy}
      />
      <div className="flex gap-3">
        {onBack && (
          <Button variant="outline" size="lg" className="flex-1" disabled={busy} onClick={onBack}>
            Back
          </Button>
        )}
        <Button
          type="submit"
          size="lg"
          className="flex-[2]"
          busy={busy && !props.skipping}
          disabled={amount === null || busy}
        >
          {fundingButtonLabel(amount, isPublic)}
        </Button>
      </div>
      {onSkip && (
        <Button variant="ghost" busy={props.skipping} disabled={busy} onClick={onSkip}>
          Skip for Now
        </Button>
      )}
      {!isPublic && (
        <p className="text-center text-xs text-ink-muted">
          You can fund your dare later from your profile page.
        </p>
      )}
    </form>
  );
}

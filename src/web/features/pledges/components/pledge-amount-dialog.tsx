import type { FormEvent } from 'react';
import type { DareView } from '@/contracts/dares';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { type AmountChoice, hasAmount } from '../lib/pledge-amount';
import { AmountPicker } from './amount-picker';
import { PledgeDareSummary } from './pledge-dare-summary';
import { TermsNote } from './terms-note';

interface PledgeAmountDialogProps {
  dare: DareView;
  open: boolean;
  choice: AmountChoice;
  onChoiceChange: (choice: AmountChoice) => void;
  /** A rejected amount ('Minimum pledge is $5'), shown under the picker. */
  error: string | null;
  creating: boolean;
  onContinue: () => void;
  onClose: () => void;
}

/** 'Pledge to this Dare': the dare, an amount, then 'Continue to Payment'. */
export function PledgeAmountDialog(props: PledgeAmountDialogProps) {
  const { dare, open, choice, onChoiceChange, error, creating, onContinue, onClose } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!creating && hasAmount(choice)) onContinue();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !creating && onClose()}>
      <DialogContent title="Pledge to this Dare">
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <PledgeDareSummary dare={dare} />
          <AmountPicker
            idPrefix="pledge"
            value={choice}
            onChange={onChoiceChange}
            disabled={creating}
            error={error}
          />
          <Button type="submit" size="lg" busy={creating} disabled={!hasAmount(choice)}>
            Continue to Payment
          </Button>
          <TermsNote />
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { useState } from 'react';
import { Button, type ButtonSize } from '@/web/components/ui/button';
import { WhenOpened } from '@/web/lib/lazy-dialog';
import { retryableLazy } from '@/web/lib/retryable-lazy';

// Loaded when first opened: the dialog, the cancel request and its cache refresh (which
// bring Radix Dialog and the pledge contract) are no part of the dare detail's or the
// profile's first screen.
const CancelPledgeDialog = retryableLazy(() =>
  import('./cancel-pledge-dialog').then((m) => ({ default: m.CancelPledgeDialog })),
);

interface CancelPledgeButtonProps {
  pledgeIds: number[];
  /** Dollars the cancellation gives back, for the dialog's words. */
  amount: number;
  size?: ButtonSize;
  className?: string;
}

/**
 * 'Cancel pledge' with a confirmation (beyond the spec, DESIGN.md section 5): the hold on the
 * card is released and the dare's total drops. A toast says how it went.
 */
export function CancelPledgeButton({
  pledgeIds,
  amount,
  size,
  className,
}: CancelPledgeButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size={size} className={className} onClick={() => setOpen(true)}>
        Cancel pledge
      </Button>
      <WhenOpened open={open}>
        <CancelPledgeDialog
          pledgeIds={pledgeIds}
          amount={amount}
          open={open}
          onOpenChange={setOpen}
        />
      </WhenOpened>
    </>
  );
}

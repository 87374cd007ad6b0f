import { useState } from 'react';
import { PLEDGE_MESSAGES } from '@/contracts/pledges';
import { Button, type ButtonSize } from '@/web/components/ui/button';
import { toast } from '@/web/components/ui/toast-store';
import { ConfirmDialog } from '@/web/features/billing/components/confirm-dialog';
import { formatDollars } from '@/web/features/dares/utils/format-dare';
import { isApiError } from '@/web/lib/api-client';
import { useCancelPledges } from '../api/cancel-pledge';

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
  const cancel = useCancelPledges();
  // mutateAsync, not mutate's per-call callbacks: the refetch after a cancel removes the
  // 'Your pledge' block this button lives in, and TanStack Query drops per-call callbacks of
  // an unmounted observer, so the toast would never show.
  const confirm = async () => {
    try {
      await cancel.mutateAsync(pledgeIds);
      toast({ title: 'Pledge cancelled', description: PLEDGE_MESSAGES.cancelled });
    } catch (error) {
      const description =
        isApiError(error) && error.status < 500 ? error.message : PLEDGE_MESSAGES.cancelFailed;
      toast({ title: 'Cancel failed', description, variant: 'destructive' });
    } finally {
      setOpen(false);
    }
  };
  return (
    <>
      <Button variant="secondary" size={size} className={className} onClick={() => setOpen(true)}>
        Cancel pledge
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Cancel your pledge?"
        description={`The ${formatDollars(amount)} hold on your card is released and no longer counts toward this dare.`}
        confirmLabel="Cancel pledge"
        cancelLabel="Keep pledge"
        onConfirm={confirm}
        busy={cancel.isPending}
      />
    </>
  );
}

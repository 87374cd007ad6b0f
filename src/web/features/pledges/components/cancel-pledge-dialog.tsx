import { PLEDGE_MESSAGES } from '@/contracts/pledge-values';
import { toast } from '@/web/components/ui/toast-store';
import { ConfirmDialog } from '@/web/features/billing/components/confirm-dialog';
import { formatDollars } from '@/web/features/dares/utils/format-dare';
import { isApiError } from '@/web/lib/api-client';
import { useCancelPledges } from '../api/cancel-pledge';

interface CancelPledgeDialogProps {
  pledgeIds: number[];
  /** Dollars the cancellation gives back, for the dialog's words. */
  amount: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The confirmation behind 'Cancel pledge' (CancelPledgeButton loads it when first opened):
 * the hold on the card is released and the dare's total drops. A toast says how it went.
 */
export function CancelPledgeDialog({
  pledgeIds,
  amount,
  open,
  onOpenChange,
}: CancelPledgeDialogProps) {
  const cancel = useCancelPledges();
  // mutateAsync, not mutate's per-call callbacks: the refetch after a cancel removes the
  // 'Your pledge' block this dialog lives in, and TanStack Query drops per-call callbacks of
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
      onOpenChange(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel your pledge?"
      description={`The ${formatDollars(amount)} hold on your card is released and no longer counts toward this dare.`}
      confirmLabel="Cancel pledge"
      cancelLabel="Keep pledge"
      onConfirm={confirm}
      busy={cancel.isPending}
    />
  );
}

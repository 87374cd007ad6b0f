import { useState } from 'react';
import { dollarsToCents } from '@/contracts/money';
import type { PledgeView } from '@/contracts/pledges';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { CardPaymentForm } from '@/web/features/payments/components/card-payment-form';
import { formatAmount } from '@/web/features/payments/lib/format-amount';
import { toastPaymentFailed } from '@/web/features/payments/lib/payment-toasts';
import { createPledgeClientSecret } from '../api/create-payment-intent';

interface PledgePaymentDialogProps {
  pledge: PledgeView;
  dareTitle: string;
  open: boolean;
  onAuthorized: () => void;
  onClose: () => void;
}

/** 'Complete Your Payment': the card form for a pledge just created. */
export function PledgePaymentDialog(props: PledgePaymentDialogProps) {
  const { pledge, dareTitle, open, onAuthorized, onClose } = props;
  // A payment in flight must finish where the payer can see its outcome.
  const [busy, setBusy] = useState(false);
  const amount = formatAmount(pledge.amount);
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent title="Complete Your Payment" description={`Your pledge to ${dareTitle}`}>
        <div className="flex flex-col gap-4">
          <p className="flex items-baseline justify-between rounded-2xl bg-surface-raised px-4 py-3">
            <span className="text-sm text-ink-muted">Pledge amount</span>
            <span className="text-2xl font-bold text-ink">{amount}</span>
          </p>
          <CardPaymentForm
            idPrefix="pledge-card"
            amountCents={dollarsToCents(pledge.amount)}
            getClientSecret={() => createPledgeClientSecret(pledge)}
            submitLabel={`Pay ${amount}`}
            note="Payment is authorized but not charged until the dare is successfully completed."
            onAuthorized={onAuthorized}
            onError={toastPaymentFailed}
            onCancel={onClose}
            onBusyChange={setBusy}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}

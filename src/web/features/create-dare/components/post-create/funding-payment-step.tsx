import type { ConfirmPaymentResult } from '@/contracts/payments';
import { Button } from '@/web/components/ui/button';
import { CardPaymentForm } from '@/web/features/payments/components/card-payment-form';
import { formatCents } from '@/web/features/payments/lib/format-amount';
import { toastPaymentFailed } from '@/web/features/payments/lib/payment-toasts';

interface FundingPaymentStepProps {
  amountCents: number;
  /** 'Pledge amount' or 'Funding amount'. */
  amountLabel: string;
  getClientSecret: () => Promise<string>;
  onAuthorized: (result: ConfirmPaymentResult) => void;
  /** Back to the amounts; refused while a payment (or what follows it) is running. */
  onBack: () => void;
  /** A payment is running (told by the card form) or the caller is finishing up after it. */
  busy: boolean;
  onBusyChange: (busy: boolean) => void;
  /** The toast's title when the card is not authorized: 'Payment Failed' unless given. */
  failureTitle?: string;
}

/**
 * 'Complete Your Payment': the shared card form ('Authorize $N'). A decline keeps the form
 * with its message for another try; a toast says it as well ('Payment Failed', or the
 * flow's own failureTitle).
 */
export function FundingPaymentStep(props: FundingPaymentStepProps) {
  const { amountCents, amountLabel, getClientSecret, onAuthorized, onBack, busy } = props;
  const amount = formatCents(amountCents);
  return (
    <div className="flex flex-col gap-4">
      {/* Focus lands here when the step opens, so the amount is read out first. */}
      <p
        data-autofocus
        tabIndex={-1}
        className="flex items-baseline justify-between rounded-2xl bg-surface-raised px-4 py-3 focus:outline-none"
      >
        <span className="text-sm text-ink-muted">{amountLabel}</span>
        <span className="text-2xl font-bold text-ink">{amount}</span>
      </p>
      <CardPaymentForm
        idPrefix="creator-card"
        amountCents={amountCents}
        getClientSecret={getClientSecret}
        submitLabel={`Authorize ${amount}`}
        note="Your payment will be authorized but not charged until the dare is successfully completed."
        onAuthorized={onAuthorized}
        onError={(message, stage) => toastPaymentFailed(message, stage, props.failureTitle)}
        onBusyChange={props.onBusyChange}
      />
      <Button variant="outline" size="lg" disabled={busy} onClick={onBack}>
        Back
      </Button>
    </div>
  );
}

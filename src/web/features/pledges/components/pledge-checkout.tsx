import { dollarsToCents } from '@/contracts/money';
import type { PledgeView } from '@/contracts/pledges';
import { CardPaymentForm } from '@/web/features/payments/components/card-payment-form';
import { formatAmount } from '@/web/features/payments/lib/format-amount';
import { toastPaymentFailed } from '@/web/features/payments/lib/payment-toasts';
import { createPledgeClientSecret } from '../api/create-payment-intent';

/** The pledge payment page's summary and card form ('Authorize $X'). */
export function PledgeCheckout({
  pledge,
  onAuthorized,
}: {
  pledge: PledgeView;
  onAuthorized: () => void;
}) {
  const amount = formatAmount(pledge.amount);
  return (
    <div className="flex flex-col gap-5">
      <section
        aria-label="Your pledge"
        className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4"
      >
        <div>
          <p className="text-sm text-ink-muted">Pledging to</p>
          <h2 className="text-lg leading-snug font-bold text-ink">{pledge.dare.title}</h2>
        </div>
        <p className="flex items-baseline justify-between rounded-xl bg-surface-raised px-4 py-3">
          <span className="text-sm text-ink-muted">Pledge amount</span>
          <span className="text-2xl font-bold text-ink">{amount}</span>
        </p>
      </section>
      <CardPaymentForm
        idPrefix="pledge-page-card"
        amountCents={dollarsToCents(pledge.amount)}
        getClientSecret={() => createPledgeClientSecret(pledge)}
        submitLabel={`Authorize ${amount}`}
        note="Your payment will be authorized but not charged until the dare is successfully completed."
        onAuthorized={onAuthorized}
        onError={toastPaymentFailed}
      />
    </div>
  );
}

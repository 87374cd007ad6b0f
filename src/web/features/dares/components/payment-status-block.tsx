import { Banknote } from 'lucide-react';
import { Link } from 'wouter';
import type { PaymentStatus } from '@/contracts/funding';
import type { CapturePaymentsResult } from '@/contracts/pledges';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/toast-store';
import { useCollectPayments, usePaymentStatus } from '../api/payment-status';
import { formatDollars } from '../utils/format-dare';

/** The toast after Collect Payments: what this press captured (holds captured earlier count
 * toward the block's figures, not here). */
function collectedText(result: CapturePaymentsResult): string {
  const failed = result.failed ? ` ${result.failed} could not be charged.` : '';
  if (result.success === 0) return `Everything was already collected.${failed}`;
  const pledges = result.success === 1 ? 'pledge' : 'pledges';
  return `${formatDollars(result.total)} from ${result.success} ${pledges}.${failed}`;
}

/**
 * Who reads the block: the taker (the money is theirs; a self dare's creator too) or the
 * creator of a challenge someone else took on (the money goes to that taker).
 */
export type PaymentAudience = 'taker' | 'creator';

/** What the reader learns about where the money is, by payout state. */
function payoutLine(status: PaymentStatus, audience: PaymentAudience): string {
  if (audience === 'creator') return creatorPayoutLine(status);
  switch (status.payoutStatus) {
    case 'paid':
      return `${formatDollars(status.payout)} was sent to your payout account.`;
    case 'waiting_for_account':
      // The payout row waits until Collect Payments or the retry job pays it, also after
      // the account was verified: then it no longer waits for the verification.
      return status.accountVerified
        ? `Your payout account is verified: collect payments to send ${formatDollars(status.payout)} to it.`
        : `${formatDollars(status.payout)} is waiting for your payout account to be verified.`;
    case 'failed':
      return 'The payout failed. Check your payout account and try again.';
    default:
      return status.accountVerified
        ? 'Collect the pledges to send the money to your payout account.'
        : 'Set up and verify your payout account to collect payments.';
  }
}

function creatorPayoutLine(status: PaymentStatus): string {
  switch (status.payoutStatus) {
    case 'paid':
      return `${formatDollars(status.payout)} was sent to the taker.`;
    case 'waiting_for_account':
      return status.accountVerified
        ? `The taker's payout account is verified: collect payments to send ${formatDollars(status.payout)} to it.`
        : `${formatDollars(status.payout)} is waiting for the taker to verify their payout account.`;
    case 'failed':
      return 'The payout to the taker failed.';
    default:
      return status.accountVerified
        ? 'Collect the pledges to send the money to the taker.'
        : 'The payout waits for the taker to set up their payout account.';
  }
}

/**
 * A completed dare's money (spec section 2, Dare detail), for its creator and its taker:
 * captured pledges, the fee, the payout and its state, and 'Collect Payments' once the
 * taker's payout account is verified; the taker without one is prompted to set it up.
 */
export function PaymentStatusBlock({
  dareId,
  audience = 'taker',
}: {
  dareId: number;
  audience?: PaymentAudience;
}) {
  const status = usePaymentStatus(dareId, true);
  const collect = useCollectPayments(dareId);

  const onCollect = () =>
    collect.mutate(undefined, {
      onSuccess: (result) =>
        toast({ title: 'Payments collected', description: collectedText(result) }),
      onError: (error) =>
        toast({ title: 'Payment error', description: error.message, variant: 'destructive' }),
    });

  return (
    <section
      aria-labelledby="payment-status-title"
      className="rounded-2xl border border-line bg-surface p-4"
    >
      <h3 id="payment-status-title" className="flex items-center gap-2 font-semibold text-ink">
        <Banknote className="size-5 text-accent" aria-hidden="true" />
        Payment status
      </h3>
      {status.isPending && <Skeleton className="mt-3 h-16 w-full" />}
      {status.isError && (
        <p role="alert" className="mt-2 text-sm text-red-400">
          {status.error.message}
        </p>
      )}
      {status.data && (
        <>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
            <Figure label="Captured" value={formatDollars(status.data.capturedTotal)} />
            <Figure label="Fee" value={formatDollars(status.data.fee)} />
            <Figure
              label={audience === 'taker' ? 'Your payout' : 'Taker payout'}
              value={formatDollars(status.data.payout)}
            />
          </dl>
          <p className="mt-3 text-sm text-ink-muted" aria-live="polite">
            {payoutLine(status.data, audience)}
            {status.data.pledgesFailed > 0 &&
              ` ${status.data.pledgesFailed} ${status.data.pledgesFailed === 1 ? 'pledge' : 'pledges'} could not be charged.`}
          </p>
          {status.data.payoutStatus !== 'paid' &&
            (status.data.accountVerified ? (
              <Button className="mt-3 w-full" busy={collect.isPending} onClick={onCollect}>
                Collect Payments
              </Button>
            ) : (
              audience === 'taker' && (
                <Link
                  href="/profile"
                  className="mt-3 inline-block text-sm font-semibold text-accent underline"
                >
                  {status.data.payout > 0
                    ? `You earned ${formatDollars(status.data.payout)}: set up payouts to receive it`
                    : 'Set up payouts on your profile'}
                </Link>
              )
            ))}
        </>
      )}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-line/40 px-2 py-2">
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="font-semibold text-ink tabular-nums">{value}</dd>
    </div>
  );
}

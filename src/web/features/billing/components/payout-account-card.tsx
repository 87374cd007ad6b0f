import { BadgeCheck, Landmark } from 'lucide-react';
import { useId } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/toast-store';
import { formatDollars } from '@/web/features/dares/utils/format-dare';
import { cn } from '@/web/lib/cn';
import {
  type PayoutState,
  usePayoutState,
  useSetUpPayouts,
  useWaitingPayouts,
} from '../api/payout-account';
import { sameOriginPath } from '../lib/payout-navigation';

const STATUS_TEXT: Record<Exclude<PayoutState, 'loading'>, string> = {
  error: 'Status unavailable',
  none: 'Not connected',
  pending: 'Pending verification',
  verified: 'Verified',
};

/**
 * The payout account (DESIGN.md section 4, "Payouts"): where a dare taker's money goes. Shown
 * on the own profile and in Billing & Payment. Setting up follows the gateway's onboarding
 * link: the in-app form in test mode, Stripe's hosted pages otherwise.
 */
export function PayoutAccountCard({ className }: { className?: string }) {
  const { state, retry } = usePayoutState();
  const setUp = useSetUpPayouts();
  const waiting = useWaitingPayouts();
  const [, navigate] = useLocation();
  const titleId = useId();

  const start = () =>
    setUp.mutate(undefined, {
      onSuccess: ({ url }) => {
        const path = sameOriginPath(url);
        if (path) navigate(path);
        else window.location.assign(url);
      },
      onError: (error) =>
        toast({ title: 'Payout setup failed', description: error.message, variant: 'destructive' }),
    });

  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'flex items-center gap-2.5 rounded-2xl border border-line bg-surface p-3',
        className,
      )}
    >
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-surface-raised text-brand">
        <Landmark className="size-4.5" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h3 id={titleId} className="text-sm font-semibold whitespace-nowrap text-ink">
          Payout account
        </h3>
        {state === 'loading' ? (
          <Skeleton className="mt-1 h-4 w-28" />
        ) : (
          <p
            className={cn(
              'flex items-center gap-1 text-xs',
              state === 'verified'
                ? 'text-success'
                : state === 'pending'
                  ? 'text-amber-300'
                  : 'text-ink-muted',
            )}
          >
            {state === 'verified' && <BadgeCheck className="size-3.5" aria-hidden="true" />}
            {STATUS_TEXT[state]}
          </p>
        )}
        {state !== 'verified' && (waiting.data?.amount ?? 0) > 0 && (
          <p className="mt-0.5 text-xs font-medium text-amber-300">
            You have {formatDollars(waiting.data!.amount)} waiting: set up payouts to receive it
          </p>
        )}
      </div>
      {(state === 'none' || state === 'pending') && (
        <Button
          size="sm"
          className="shrink-0"
          busy={setUp.isPending || setUp.isSuccess}
          onClick={start}
        >
          {state === 'none' ? 'Set up payouts' : 'Finish setup'}
        </Button>
      )}
      {state === 'error' && (
        <Button size="sm" variant="secondary" className="shrink-0" onClick={retry}>
          Retry
        </Button>
      )}
    </section>
  );
}

import { Clock, Users } from 'lucide-react';
import type { DareView } from '@/contracts/dares';
import { formatDollars, formatTimeLeft, fundingPercent, showsTimeLeft } from '../utils/format-dare';
import { FundingProgressBar } from './funding-progress-bar';

/** Raised against the goal, with pledgers and time left while the dare is still open. */
export function DareFunding({ dare }: { dare: DareView }) {
  const percent = fundingPercent(dare.currentAmount, dare.targetAmount);
  return (
    <section aria-label="Funding" className="rounded-2xl border border-line bg-surface p-4">
      <div className="flex items-baseline justify-between gap-2">
        <p>
          <span className="text-2xl font-bold text-ink">{formatDollars(dare.currentAmount)}</span>
          <span className="text-sm text-ink-muted">
            {' '}
            raised of {formatDollars(dare.targetAmount)} goal
          </span>
        </p>
        <span className="text-sm font-semibold text-accent">{percent}%</span>
      </div>
      <FundingProgressBar percent={percent} />
      {showsTimeLeft(dare.status) && (
        <div className="mt-3 flex items-center justify-between text-sm text-ink-muted">
          <span className="flex items-center gap-1.5">
            <Users className="size-4" aria-hidden="true" />
            {dare.pledgeCount} {dare.pledgeCount === 1 ? 'pledger' : 'pledgers'}
          </span>
          <span className="flex items-center gap-1.5">
            <Clock className="size-4" aria-hidden="true" />
            {formatTimeLeft(dare.expiresAt)}
          </span>
        </div>
      )}
    </section>
  );
}

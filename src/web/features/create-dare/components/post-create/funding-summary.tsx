import { Clock, Users } from 'lucide-react';
import { fundingPercent } from '@/web/features/dares/utils/format-dare';
import { fromPeople } from '@/web/features/pledges/components/pledge-dare-summary';
import { daysRemaining, pledgedOfGoal } from '../../lib/post-create-funding';

export interface FundingSummaryProps {
  title: string;
  /** Dollars, as the API speaks them. */
  currentAmount: number;
  targetAmount: number;
  pledgeCount: number;
  expiresAt: string;
}

/** The dare being funded: its title, the money so far against the goal, the time left. */
export function FundingSummary(props: FundingSummaryProps) {
  const { title, currentAmount, targetAmount, pledgeCount, expiresAt } = props;
  return (
    <section
      aria-label="Your dare"
      className="flex flex-col gap-2 rounded-2xl bg-surface-raised p-4"
    >
      <p className="font-semibold break-words text-ink">{title}</p>
      <p className="text-sm font-medium text-ink">{pledgedOfGoal(currentAmount, targetAmount)}</p>
      {/* The sentence above says it; the bar only shows it. */}
      <div aria-hidden="true" className="h-1.5 overflow-hidden rounded-full bg-line">
        <div
          className="h-full rounded-full bg-brand"
          style={{ width: `${fundingPercent(currentAmount, targetAmount)}%` }}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm text-ink-muted">
        <span className="flex items-center gap-1.5">
          <Users className="size-4" aria-hidden="true" />
          {fromPeople(pledgeCount)}
        </span>
        <span className="flex items-center gap-1.5">
          <Clock className="size-4" aria-hidden="true" />
          {daysRemaining(expiresAt)}
        </span>
      </div>
    </section>
  );
}

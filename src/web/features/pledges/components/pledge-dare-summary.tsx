import { Clock, Users } from 'lucide-react';
import type { DareView } from '@/contracts/dares';
import { formatTimeLeft } from '@/web/features/dares/utils/format-dare';
import { formatAmount } from '@/web/features/payments/lib/format-amount';

/** "from 1 person", "from 12 people" */
export function fromPeople(count: number): string {
  return `from ${count} ${count === 1 ? 'person' : 'people'}`;
}

/** What the pledge modal says about the dare: its pitch, the money so far, the time left. */
export function PledgeDareSummary({ dare }: { dare: DareView }) {
  return (
    <section
      aria-label="About this dare"
      className="flex flex-col gap-3 rounded-2xl bg-surface-raised p-4"
    >
      <div>
        <p className="font-semibold text-ink">{dare.title}</p>
        <p className="mt-1 line-clamp-3 text-sm text-ink-muted">{dare.description}</p>
      </div>
      <div className="flex items-end justify-between gap-3">
        <p>
          <span className="text-xl font-bold text-ink">{formatAmount(dare.currentAmount)}</span>{' '}
          <span className="text-sm text-ink-muted">pledged</span>
          <span className="mt-0.5 flex items-center gap-1.5 text-sm text-ink-muted">
            <Users className="size-4" aria-hidden="true" />
            {fromPeople(dare.pledgeCount)}
          </span>
        </p>
        <p className="flex items-center gap-1.5 text-sm text-ink-muted">
          <Clock className="size-4" aria-hidden="true" />
          {formatTimeLeft(dare.expiresAt)}
        </p>
      </div>
    </section>
  );
}

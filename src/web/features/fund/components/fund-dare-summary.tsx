import type { DareView } from '@/contracts/dares';
import { FundingProgressBar } from '@/web/features/dares/components/funding-progress-bar';
import { fundingPercent } from '@/web/features/dares/utils/format-dare';
import { formatAmount } from '@/web/features/payments/lib/format-amount';

/** "$120 pledged out of $500 goal" */
export function pledgedOutOf(current: number, target: number): string {
  return `${formatAmount(current)} pledged out of ${formatAmount(target)} goal`;
}

/** The dare being funded: title, description and the money so far (spec section 2). */
export function FundDareSummary({ dare }: { dare: DareView }) {
  const percent = fundingPercent(dare.currentAmount, dare.targetAmount);
  return (
    <section aria-labelledby="fund-dare-title" className="flex flex-col gap-3">
      <h2 id="fund-dare-title" className="text-2xl leading-tight font-bold text-ink">
        {dare.title}
      </h2>
      <p className="text-[15px] leading-relaxed whitespace-pre-line text-ink-muted">
        {dare.description}
      </p>
      <div className="rounded-2xl border border-line bg-surface p-4">
        <p className="text-sm font-medium text-ink">
          {pledgedOutOf(dare.currentAmount, dare.targetAmount)}
        </p>
        <FundingProgressBar percent={percent} />
      </div>
    </section>
  );
}

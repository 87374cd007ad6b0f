import { Link } from 'wouter';
import type { ModerationQueueItem } from '@/contracts/moderation';
import { REPORT_REASONS } from '@/contracts/reports';
import { formatRelativeTime, nameOf } from '@/web/features/dares/utils/format-dare';
import { formatDate } from '@/web/lib/format';

/** Why it was reported: each reason with its count, then every reporter with their words. */
export function QueueReporters({ item }: { item: ModerationQueueItem }) {
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label="Reasons" className="flex flex-wrap gap-2">
        {item.reasons.map(({ reason, count }) => (
          <li
            key={reason}
            className="rounded-full border border-line bg-surface-raised px-3 py-1 text-xs font-semibold text-ink"
          >
            {REPORT_REASONS[reason]} <span className="text-ink-muted">× {count}</span>
          </li>
        ))}
      </ul>
      {/* Open while short; a case with many reporters keeps the card scannable. */}
      <details open={item.reporters.length <= 3} className="rounded-xl border border-line">
        <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-semibold text-ink">
          Reporters ({item.reporters.length})
        </summary>
        <ul className="flex flex-col divide-y divide-line border-t border-line">
          {item.reporters.map((reporter) => (
            <li key={`${reporter.user.id}-${reporter.createdAt}`} className="px-3 py-2.5 text-sm">
              <div className="flex flex-wrap items-baseline justify-between gap-x-2">
                <Link
                  href={`/users/${reporter.user.id}`}
                  className="font-semibold text-ink underline-offset-2 hover:underline"
                >
                  {nameOf(reporter.user)}
                </Link>
                <time
                  dateTime={reporter.createdAt}
                  title={formatDate(reporter.createdAt)}
                  className="text-xs text-ink-muted"
                >
                  {formatRelativeTime(reporter.createdAt)}
                </time>
              </div>
              <p className="text-ink-muted">{REPORT_REASONS[reporter.reason]}</p>
              {reporter.details && (
                <p className="mt-1 break-words whitespace-pre-wrap text-ink">
                  “{reporter.details}”
                </p>
              )}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}

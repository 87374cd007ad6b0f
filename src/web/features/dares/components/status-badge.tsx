import { cn } from '@/web/lib/cn';
import { statusBadge } from '../utils/format-dare';

const tones: Record<string, string> = {
  pending: 'bg-amber-400/15 text-amber-300 ring-amber-400/30',
  active: 'bg-sky-400/15 text-sky-300 ring-sky-400/30',
  verification: 'bg-violet-400/15 text-violet-300 ring-violet-400/30',
  completed: 'bg-emerald-400/15 text-emerald-300 ring-emerald-400/30',
  failed: 'bg-red-400/15 text-red-300 ring-red-400/30',
};

/** Funding, Active, Verification, Completed, Failed, or Unknown; `label` words it differently. */
export function StatusBadge({
  status,
  label,
  className,
}: {
  status: string;
  label?: string;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
        tones[status] ?? 'bg-surface-raised text-ink-muted ring-line',
        className,
      )}
    >
      {label ?? statusBadge(status)}
    </span>
  );
}

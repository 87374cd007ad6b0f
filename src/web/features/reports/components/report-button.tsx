import { Flag } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';
import type { ReportTarget } from '../lib/report-reasons';
import { useReportSheet } from './use-report-sheet';

interface ReportButtonProps {
  target: ReportTarget;
  /** The accessible name, e.g. 'Report proof' or 'Report message from Ada'. */
  label: string;
  /** What shows; the icon alone when absent. */
  children?: ReactNode;
  className?: string;
}

/** A Report button that opens the report sheet for its target (the first of the two taps). */
export function ReportButton({ target, label, children, className }: ReportButtonProps) {
  const { openReport, sheet } = useReportSheet();
  return (
    <>
      <button
        type="button"
        aria-label={children ? undefined : label}
        aria-haspopup="dialog"
        onClick={() => openReport(target)}
        className={cn(
          'inline-flex items-center gap-1 rounded-md text-xs font-semibold text-ink-muted hover:text-ink',
          className,
        )}
      >
        <Flag className="size-3.5" aria-hidden="true" />
        {children ?? null}
      </button>
      {sheet}
    </>
  );
}

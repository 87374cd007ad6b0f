import { useCallback, useState } from 'react';
import { useLoginGate } from '@/web/features/dares/hooks/use-login-gate';
import { WhenOpened } from '@/web/lib/lazy-dialog';
import { retryableLazy } from '@/web/lib/retryable-lazy';
import type { ReportTarget } from '../lib/report-reasons';

// Loaded when first opened (WhenOpened): no screen's first paint needs it.
const ReportSheet = retryableLazy(() =>
  import('./report-sheet').then((m) => ({ default: m.ReportSheet })),
);

/**
 * A Report action for any screen: `openReport(target)` opens the report sheet (a visitor
 * is sent to log in first), `sheet` is the element to render beside the action.
 */
export function useReportSheet() {
  const { requireLogin } = useLoginGate();
  const [target, setTarget] = useState<ReportTarget | null>(null);
  const [open, setOpen] = useState(false);
  const openReport = useCallback(
    (next: ReportTarget) => {
      if (!requireLogin('Log in to report')) return;
      setTarget(next);
      setOpen(true);
    },
    [requireLogin],
  );
  const sheet = (
    <WhenOpened open={open}>
      {target && <ReportSheet target={target} open={open} onOpenChange={setOpen} />}
    </WhenOpened>
  );
  return { openReport, sheet };
}

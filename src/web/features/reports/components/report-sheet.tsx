import { Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { REPORT_DETAILS_MAX } from '@/contracts/limits';
import { REPORT_MESSAGES, type ReportReason } from '@/contracts/reports';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { Spinner } from '@/web/components/ui/spinner';
import { toast } from '@/web/components/ui/toast-store';
import { useLoginGate } from '@/web/features/dares/hooks/use-login-gate';
import { useCreateReport } from '../api/create-report';
import {
  REPORT_REASON_LIST,
  type ReportTarget,
  reportDetails,
  reportFailureText,
  reportTitle,
} from '../lib/report-reasons';

interface ReportSheetProps {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The one report sheet of every Report action (issue 21 item 1). It opens listing the six
 * reasons, and a tap on one sends the report: the opening tap and that one are the two.
 * The optional details box sits above the reasons, so what is typed goes with the tap: a
 * report cannot be amended once sent (one open report per reporter and target).
 */
export function ReportSheet({ target, open, onOpenChange }: ReportSheetProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={reportTitle(target.type)}
        description="Tap a reason to send your report."
      >
        {/* Inside the content: a fresh form (no old error or details) each time it opens. */}
        <ReportForm target={target} onSent={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function ReportForm({ target, onSent }: { target: ReportTarget; onSent: () => void }) {
  const report = useCreateReport();
  const { handleAuthError } = useLoginGate();
  const [details, setDetails] = useState('');
  const [sending, setSending] = useState<ReportReason | null>(null);
  const limitId = useId();

  const send = (reason: ReportReason) => {
    setSending(reason);
    report.mutate(
      { targetType: target.type, targetId: target.id, reason, details: reportDetails(details) },
      {
        onSuccess: () => {
          toast({ title: REPORT_MESSAGES.thanks });
          onSent();
        },
        onError: (error) => {
          handleAuthError(error, 'Log in to report');
        },
        onSettled: () => setSending(null),
      },
    );
  };

  return (
    <div className="flex flex-col gap-3">
      <label className="flex flex-col gap-1 text-sm font-medium text-ink">
        <span className="flex items-baseline justify-between gap-2">
          Details (optional)
          <span className="text-xs font-normal text-ink-muted tabular-nums" aria-hidden="true">
            {details.length}/{REPORT_DETAILS_MAX}
          </span>
        </span>
        <textarea
          aria-describedby={limitId}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          maxLength={REPORT_DETAILS_MAX}
          rows={2}
          placeholder="Anything we should know? Sent with the reason you tap."
          className="resize-none rounded-xl border border-line bg-surface-raised px-3 py-2 text-sm font-normal text-ink"
        />
      </label>
      <span id={limitId} className="sr-only">
        At most {REPORT_DETAILS_MAX} characters, sent with the reason you tap.
      </span>
      {report.isError && (
        <p role="alert" className="text-sm text-danger">
          {reportFailureText(report.error)}
        </p>
      )}
      <ul aria-label="Reasons" className="flex flex-col gap-2">
        {REPORT_REASON_LIST.map(({ reason, label }) => (
          <li key={reason}>
            <button
              type="button"
              disabled={report.isPending}
              aria-busy={sending === reason || undefined}
              onClick={() => send(reason)}
              className="flex h-12 w-full items-center gap-3 rounded-xl bg-surface-raised px-4 text-left text-[15px] font-semibold text-ink hover:bg-line disabled:opacity-60"
            >
              {sending === reason ? (
                <Spinner className="size-4" />
              ) : (
                <Flag className="size-4 text-ink-muted" aria-hidden="true" />
              )}
              {label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { AlertCircle, RotateCw, X } from 'lucide-react';
import { ReportButton } from '@/web/features/reports/components/report-button';
import { cn } from '@/web/lib/cn';
import { clockTime } from '../lib/names';

interface MessageBubbleProps {
  content: string;
  own: boolean;
  createdAt?: string;
  status?: 'sent' | 'sending' | 'failed';
  error?: string;
  onRetry?: () => void;
  onDiscard?: () => void;
  /** The other person's message: its id, for 'Report message' beside its time. */
  reportId?: number;
}

/** One message: own ones on the right in the brand colour, the other person's on the left. */
export function MessageBubble({
  content,
  own,
  createdAt,
  status = 'sent',
  error,
  onRetry,
  onDiscard,
  reportId,
}: MessageBubbleProps) {
  return (
    <li
      className={cn('flex flex-col gap-1', own ? 'items-end' : 'items-start')}
      data-own={own ? '' : undefined}
      data-status={status}
    >
      <p
        className={cn(
          'max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-[15px] leading-snug',
          own
            ? 'rounded-br-md bg-brand-strong text-white'
            : 'rounded-bl-md bg-surface-raised text-ink',
          status === 'sending' && 'opacity-70',
          status === 'failed' && 'bg-danger/20 text-ink ring-1 ring-danger',
        )}
      >
        {content}
      </p>
      {status === 'sent' && createdAt && (
        <span className="flex items-center gap-1 px-1">
          <time dateTime={createdAt} className="text-[11px] text-ink-muted">
            {clockTime(createdAt)}
          </time>
          {reportId !== undefined && (
            <ReportButton
              target={{ type: 'message', id: reportId }}
              label="Report message"
              className="-my-2 size-8 justify-center rounded-full hover:bg-surface-raised"
            />
          )}
        </span>
      )}
      {status === 'sending' && <span className="px-1 text-[11px] text-ink-muted">Sending…</span>}
      {status === 'failed' && (
        <div role="alert" className="flex items-center gap-2 px-1 text-xs text-danger">
          <AlertCircle className="size-3.5" aria-hidden="true" />
          <span>{error || 'Not sent'}</span>
          <button
            type="button"
            onClick={onRetry}
            className="inline-flex items-center gap-1 font-semibold underline-offset-2 hover:underline"
          >
            <RotateCw className="size-3" aria-hidden="true" />
            Retry
          </button>
          <button
            type="button"
            onClick={onDiscard}
            aria-label="Discard message"
            className="rounded p-0.5 hover:bg-surface-raised"
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </div>
      )}
    </li>
  );
}

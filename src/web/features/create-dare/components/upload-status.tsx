import { AlertCircle, CheckCircle2 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import type { UploadState } from '../lib/use-upload-task';

interface UploadStatusProps {
  state: UploadState<unknown>;
  /** "Uploading video", "Uploading cover" */
  label: string;
  doneText: string;
  onRetry: () => void;
}

/** Real upload progress (bytes sent), then the server's answer or a retry. */
export function UploadStatus({ state, label, doneText, onRetry }: UploadStatusProps) {
  if (state.status === 'idle') return null;
  if (state.status === 'done') {
    return (
      <p className="flex items-center gap-1.5 text-sm text-success">
        <CheckCircle2 className="size-4" aria-hidden="true" />
        {doneText}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="flex items-center justify-between gap-2 rounded-xl border border-danger/40 bg-danger-strong/20 px-3 py-2">
        <p className="flex items-start gap-1.5 text-sm text-danger">
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>Upload failed. We'll try again when you submit the form.</span>
        </p>
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  }
  // All bytes sent: the server is still storing (or converting) the file.
  const processing = state.progress >= 100;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex justify-between text-xs text-ink-muted">
        <span>{processing ? 'Processing...' : label}</span>
        <span className="tabular-nums">{state.progress}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={state.progress}
        className="h-2 overflow-hidden rounded-full bg-surface-raised"
      >
        <div
          className="h-full rounded-full bg-accent transition-[width] duration-200"
          style={{ width: `${state.progress}%` }}
        />
      </div>
    </div>
  );
}

import { Captions, Trash2 } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { Button } from '@/web/components/ui/button';
import type { CaptionsUpload } from '../lib/use-captions-upload';
import { UploadStatus } from './upload-status';

/**
 * The optional WebVTT captions of the pitch or proof above it (issue 19 item 35, WCAG 1.2.2):
 * chosen, checked and uploaded at once; the player shows them with a CC button.
 */
export function CaptionsField({ captions, id }: { captions: CaptionsUpload; id: string }) {
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again still fires a change.
    event.target.value = '';
    if (file) captions.choose(file);
  }
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-ink">
        Captions <span className="text-ink-muted">(optional)</span>
      </legend>
      {captions.fileName && (
        <div className="flex items-center gap-2 rounded-xl border border-line px-3 py-1">
          <Captions className="size-4 shrink-0 text-ink-muted" aria-hidden="true" />
          <span className="min-w-0 flex-1 truncate text-sm text-ink">{captions.fileName}</span>
          <Button
            variant="ghost"
            size="icon"
            onClick={captions.remove}
            aria-label="Remove captions"
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        </div>
      )}
      <UploadStatus
        state={captions.state}
        label="Uploading captions"
        doneText="Captions uploaded"
        onRetry={captions.retry}
      />
      {!captions.fileName && (
        <label className="relative inline-flex h-11 cursor-pointer items-center justify-center gap-2 rounded-xl border border-dashed border-line px-4 text-sm font-semibold text-ink hover:bg-surface-raised has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-accent">
          <Captions className="size-4" aria-hidden="true" />
          Add captions (.vtt)
          <input
            id={id}
            type="file"
            accept=".vtt,text/vtt"
            aria-label="Captions file"
            aria-describedby={captions.error ? `${errorId} ${hintId}` : hintId}
            className="sr-only"
            onChange={handleChange}
          />
        </label>
      )}
      {captions.error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {captions.error}
        </p>
      )}
      <p id={hintId} className="text-xs text-ink-muted">
        A WebVTT file of what is said, for people who watch without sound.
      </p>
    </fieldset>
  );
}

import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId } from 'react';
import { MESSAGE_MAX } from '@/contracts/limits';
import { cn } from '@/web/lib/cn';

interface MessageComposerProps {
  value: string;
  onChange: (value: string) => void;
  onSend: (content: string) => void;
}

/** The text box under the chat: Enter sends, Shift+Enter starts a new line. */
export function MessageComposer({ value, onChange, onSend }: MessageComposerProps) {
  const id = useId();
  const content = value.trim();
  const tooLong = content.length > MESSAGE_MAX;
  const canSend = content.length > 0 && !tooLong;
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    // Empty or whitespace is not sent (spec section 5).
    if (canSend) onSend(content);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  return (
    <form
      onSubmit={submit}
      className="flex items-end gap-2 border-t border-line/70 bg-canvas px-3 py-2"
    >
      <label htmlFor={id} className="sr-only">
        Message
      </label>
      <div className="min-w-0 flex-1">
        <textarea
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          placeholder="Type a message..."
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? `${id}-error` : undefined}
          className={cn(
            'field-sizing-content max-h-32 min-h-11 w-full resize-none rounded-2xl border border-line bg-surface px-3.5 py-2.5 text-base text-ink placeholder:text-ink-muted',
            'focus:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/40 aria-invalid:border-danger',
          )}
        />
        {tooLong && (
          <p id={`${id}-error`} className="px-1 text-xs text-danger">
            {content.length}/{MESSAGE_MAX}: a message can have at most {MESSAGE_MAX} characters
          </p>
        )}
      </div>
      <button
        type="submit"
        disabled={!canSend}
        aria-label="Send message"
        className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-strong text-white transition-opacity disabled:opacity-40"
      >
        <SendHorizontal className="size-5" aria-hidden="true" />
      </button>
    </form>
  );
}

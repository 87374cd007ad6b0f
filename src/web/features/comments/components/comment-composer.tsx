import { SendHorizontal, X } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { COMMENT_MAX, type CommentView } from '@/contracts/social';
import { Button } from '@/web/components/ui/button';
import { nameOf } from '@/web/features/dares/utils/format-dare';

interface CommentComposerProps {
  replyTo: CommentView | null;
  onCancelReply: () => void;
  /** Resolves once the comment is stored; the text is kept if it rejects. */
  onSubmit: (content: string, parentId: number | null) => Promise<unknown>;
  busy: boolean;
}

/** The text box under the comments; blank or whitespace-only text is never sent. */
export function CommentComposer({ replyTo, onCancelReply, onSubmit, busy }: CommentComposerProps) {
  const [text, setText] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const content = text.trim();

  useEffect(() => {
    if (replyTo) inputRef.current?.focus();
  }, [replyTo]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!content || busy) return;
    onSubmit(content, replyTo ? (replyTo.parentId ?? replyTo.id) : null).then(
      () => setText(''),
      () => undefined,
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      {replyTo && (
        <div className="flex items-center justify-between gap-2 rounded-lg bg-surface-raised px-3 py-1.5 text-xs text-ink-muted">
          <span>
            Replying to <span className="font-semibold text-ink">{nameOf(replyTo.user)}</span>
          </span>
          <button
            type="button"
            onClick={onCancelReply}
            aria-label="Cancel reply"
            className="flex size-7 items-center justify-center rounded-full hover:bg-line hover:text-ink"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
      )}
      <div className="flex items-center gap-2">
        <label htmlFor="comment-input" className="sr-only">
          {replyTo ? `Reply to ${nameOf(replyTo.user)}` : 'Add a comment'}
        </label>
        <input
          id="comment-input"
          ref={inputRef}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && replyTo) {
              event.preventDefault();
              event.stopPropagation();
              onCancelReply();
            }
          }}
          maxLength={COMMENT_MAX}
          placeholder={replyTo ? 'Write a reply...' : 'Add a comment...'}
          autoComplete="off"
          enterKeyHint="send"
          className="h-11 min-w-0 flex-1 rounded-full border border-line bg-surface-raised px-4 text-base text-ink placeholder:text-ink-muted focus:border-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent/40"
        />
        <Button
          type="submit"
          size="icon"
          className="rounded-full"
          disabled={!content}
          busy={busy}
          aria-label={replyTo ? 'Send reply' : 'Post comment'}
        >
          {!busy && <SendHorizontal className="size-5" aria-hidden="true" />}
        </Button>
      </div>
    </form>
  );
}

import { Heart, Trash2 } from 'lucide-react';
import type { CommentView } from '@/contracts/social';
import { Avatar } from '@/web/components/ui/avatar';
import {
  formatCompactCount,
  formatRelativeTime,
  nameOf,
} from '@/web/features/dares/utils/format-dare';
import { ReportButton } from '@/web/features/reports/components/report-button';
import { cn } from '@/web/lib/cn';

export interface CommentActions {
  viewerId: number | null;
  onLike: (comment: CommentView) => void;
  onReply: (comment: CommentView) => void;
  onDelete: (comment: CommentView) => void;
  deletingId: number | null;
}

const linkButton =
  'rounded-md px-1 py-0.5 text-xs font-semibold text-ink-muted hover:text-ink disabled:opacity-50';

/** One comment with its like, reply, delete (own) and report (others') controls, and its replies. */
export function CommentItem({
  comment,
  actions,
}: {
  comment: CommentView;
  actions: CommentActions;
}) {
  const name = nameOf(comment.user);
  const own = actions.viewerId === comment.user.id;
  return (
    <li className="flex flex-col gap-3">
      <article aria-label={`Comment by ${name}`} className="flex gap-3">
        <Avatar name={name} src={comment.user.profilePicture} size="sm" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-ink-muted">
            <span className="font-semibold text-ink">{name}</span>
            <time dateTime={comment.createdAt}>{formatRelativeTime(comment.createdAt)}</time>
          </p>
          <p className="mt-0.5 text-sm break-words whitespace-pre-line text-ink">
            {comment.content}
          </p>
          <div className="mt-1 flex items-center gap-2">
            <button type="button" className={linkButton} onClick={() => actions.onReply(comment)}>
              Reply<span className="sr-only"> to {name}</span>
            </button>
            {own && (
              <button
                type="button"
                className={cn(linkButton, 'flex items-center gap-1 hover:text-danger')}
                disabled={actions.deletingId === comment.id}
                onClick={() => actions.onDelete(comment)}
              >
                <Trash2 className="size-3.5" aria-hidden="true" />
                Delete<span className="sr-only"> your comment</span>
              </button>
            )}
            {!own && (
              <ReportButton
                target={{ type: 'comment', id: comment.id }}
                label={`Report comment by ${name}`}
                className={cn(linkButton, 'hover:text-danger')}
              >
                Report<span className="sr-only"> comment by {name}</span>
              </ReportButton>
            )}
          </div>
        </div>
        <button
          type="button"
          aria-pressed={comment.isLiked}
          onClick={() => actions.onLike(comment)}
          className="flex w-9 shrink-0 flex-col items-center gap-0.5 self-start pt-1 text-ink-muted hover:text-ink"
        >
          <Heart
            className={cn('size-4', comment.isLiked && 'fill-brand text-brand')}
            aria-hidden="true"
          />
          <span className="sr-only">{comment.isLiked ? 'Unlike comment' : 'Like comment'}</span>
          <span className="text-[11px] tabular-nums">{formatCompactCount(comment.likeCount)}</span>
        </button>
      </article>
      {comment.replies.length > 0 && (
        <ul aria-label={`Replies to ${name}`} className="ml-12 flex flex-col gap-3">
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} actions={actions} />
          ))}
        </ul>
      )}
    </li>
  );
}

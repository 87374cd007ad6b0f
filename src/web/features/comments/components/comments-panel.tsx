import { MessageCircle, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { CommentView } from '@/contracts/social';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { toast } from '@/web/components/ui/toast-store';
import { useLoginGate } from '@/web/features/dares/hooks/use-login-gate';
import { authPathFor } from '@/web/lib/safe-redirect';
import { useCreateComment } from '../api/create-comment';
import { useDeleteComment } from '../api/delete-comment';
import { useComments } from '../api/get-comments';
import { useToggleCommentLike } from '../api/toggle-comment-like';
import { CommentComposer } from './comment-composer';
import { type CommentActions, CommentItem } from './comment-item';

export const NO_COMMENTS = 'No comments yet — be the first!';

/** The comments of one dare: threads, likes, replies and the composer. */
export function CommentsPanel({ dareId }: { dareId: number }) {
  const comments = useComments(dareId);
  const create = useCreateComment(dareId);
  const remove = useDeleteComment(dareId);
  const like = useToggleCommentLike(dareId);
  const [location] = useLocation();
  const { user, requireLogin, handleAuthError } = useLoginGate();
  const [replyTo, setReplyTo] = useState<CommentView | null>(null);

  const fail = (title: string) => (error: Error) => {
    if (!handleAuthError(error))
      toast({ title, description: error.message, variant: 'destructive' });
  };

  const actions: CommentActions = {
    viewerId: user?.id ?? null,
    deletingId: remove.isPending ? (remove.variables ?? null) : null,
    onLike: (comment) => {
      if (!requireLogin('Log in to like comments')) return;
      like.mutate({ id: comment.id, like: !comment.isLiked }, { onError: fail('Like failed') });
    },
    onReply: (comment) => {
      if (requireLogin('Log in to reply')) setReplyTo(comment);
    },
    onDelete: (comment) => {
      remove.mutate(comment.id, { onError: fail('Delete failed') });
      if (replyTo?.id === comment.id) setReplyTo(null);
    },
  };

  const submit = (content: string, parentId: number | null) =>
    create.mutateAsync({ content, parentId }).then(
      () => setReplyTo(null),
      (error: Error) => {
        fail('Comment failed')(error);
        throw error;
      },
    );

  const items = comments.data?.pages.flat() ?? [];

  return (
    <div className="flex min-h-full flex-col">
      <div className="flex-1 pb-4" aria-busy={comments.isPending}>
        {comments.isPending && (
          <div role="status" aria-label="Loading comments" className="flex flex-col gap-4">
            {[0, 1, 2].map((i) => (
              <div key={i} className="flex gap-3">
                <Skeleton className="size-9 rounded-full" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton className="h-3 w-24" />
                  <Skeleton className="h-4 w-full" />
                </div>
              </div>
            ))}
          </div>
        )}
        {comments.isError && (
          <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
            <TriangleAlert className="size-7 text-danger" aria-hidden="true" />
            <p className="text-sm text-ink">Couldn't load comments</p>
            <Button
              variant="secondary"
              size="sm"
              busy={comments.isFetching}
              onClick={() => void comments.refetch()}
            >
              Try again
            </Button>
          </div>
        )}
        {comments.isSuccess && items.length === 0 && (
          <div className="flex flex-col items-center gap-2 py-10 text-center text-ink-muted">
            <MessageCircle className="size-8" aria-hidden="true" />
            <p className="text-sm">{NO_COMMENTS}</p>
          </div>
        )}
        {items.length > 0 && (
          <ul aria-label="Comments" className="flex flex-col gap-5">
            {items.map((comment) => (
              <CommentItem key={comment.id} comment={comment} actions={actions} />
            ))}
          </ul>
        )}
        {comments.hasNextPage && (
          <Button
            variant="ghost"
            size="sm"
            className="mx-auto mt-4 flex"
            busy={comments.isFetchingNextPage}
            onClick={() => void comments.fetchNextPage()}
          >
            Show older comments
          </Button>
        )}
      </div>
      <div className="sticky bottom-0 -mx-5 border-t border-line bg-surface px-5 pt-3 pb-1">
        {user === null ? (
          <Link href={authPathFor(location)} className={buttonClasses('secondary', 'md', 'w-full')}>
            Log in to comment
          </Link>
        ) : (
          <CommentComposer
            replyTo={replyTo}
            onCancelReply={() => setReplyTo(null)}
            onSubmit={submit}
            busy={create.isPending}
          />
        )}
      </div>
    </div>
  );
}

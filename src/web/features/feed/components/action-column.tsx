import { Bookmark, Heart, MessageCircle, MoreHorizontal, Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import type { DareView } from '@/contracts/dares';
import { toast } from '@/web/components/ui/toast-store';
import { useToggleDareLike } from '@/web/features/dares/api/toggle-dare-like';
import { useToggleDareSave } from '@/web/features/dares/api/toggle-dare-save';
import { useLoginGate } from '@/web/features/dares/hooks/use-login-gate';
import { formatCompactCount } from '@/web/features/dares/utils/format-dare';
import { shareDare } from '@/web/features/dares/utils/share-dare';
import { useReportSheet } from '@/web/features/reports/components/use-report-sheet';
import { cn } from '@/web/lib/cn';

interface ActionButtonProps {
  label: string;
  count?: string;
  pressed?: boolean;
  onClick: () => void;
  children: ReactNode;
}

function ActionButton({ label, count, pressed, onClick, children }: ActionButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={pressed}
      className="group flex flex-col items-center gap-1 text-white"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-black/35 backdrop-blur-sm transition-transform group-active:scale-90">
        {children}
      </span>
      <span className="sr-only">{label}</span>
      {count !== undefined && (
        <span className="text-xs font-semibold tabular-nums drop-shadow">{count}</span>
      )}
    </button>
  );
}

/** Like, comments, save, share and ⋯ (Report), down the right-hand side of a feed slide. */
export function ActionColumn({ dare, onComments }: { dare: DareView; onComments: () => void }) {
  const like = useToggleDareLike();
  const save = useToggleDareSave();
  const { user, requireLogin, handleAuthError } = useLoginGate();
  const report = useReportSheet();

  const onFail = (title: string) => (error: Error) => {
    if (!handleAuthError(error))
      toast({ title, description: error.message, variant: 'destructive' });
  };

  const toggleLike = () => {
    if (!requireLogin('Log in to like dares')) return;
    like.mutate({ id: dare.id, like: !dare.isLiked }, { onError: onFail('Like failed') });
  };
  const toggleSave = () => {
    if (!requireLogin('Log in to save dares')) return;
    save.mutate(
      { id: dare.id, save: !dare.isSaved },
      {
        onError: onFail('Save failed'),
        onSuccess: (state) =>
          toast({ title: state.saved ? 'Saved' : 'Removed from saved', description: dare.title }),
      },
    );
  };

  return (
    <div className="flex flex-col items-center gap-4">
      <ActionButton
        label={dare.isLiked ? 'Unlike' : 'Like'}
        pressed={dare.isLiked}
        count={formatCompactCount(dare.likeCount)}
        onClick={toggleLike}
      >
        <Heart
          className={cn('size-7', dare.isLiked ? 'fill-brand text-brand' : 'text-white')}
          aria-hidden="true"
        />
      </ActionButton>
      <ActionButton
        label="Comments"
        count={formatCompactCount(dare.commentCount)}
        onClick={onComments}
      >
        <MessageCircle className="size-7" aria-hidden="true" />
      </ActionButton>
      <ActionButton
        label={dare.isSaved ? 'Unsave' : 'Save'}
        pressed={dare.isSaved}
        onClick={toggleSave}
      >
        <Bookmark
          className={cn('size-7', dare.isSaved ? 'fill-amber-400 text-amber-400' : 'text-white')}
          aria-hidden="true"
        />
      </ActionButton>
      <ActionButton label="Share" onClick={() => void shareDare(dare)}>
        <Share2 className="size-7" aria-hidden="true" />
      </ActionButton>
      {/* The dare's ⋯ opens the report sheet itself: the reasons are the menu, so a report
          is two taps (issue 21 item 1). Never on one's own dare. */}
      {user?.id !== dare.creatorId && (
        <ActionButton
          label="Report dare"
          onClick={() => report.openReport({ type: 'dare', id: dare.id })}
        >
          <MoreHorizontal className="size-7" aria-hidden="true" />
        </ActionButton>
      )}
      {report.sheet}
    </div>
  );
}

import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { formatCompactCount } from '@/web/features/dares/utils/format-dare';
import { CommentsPanel } from './comments-panel';

interface CommentsSheetProps {
  dare: { id: number; title: string; commentCount: number } | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The comments as a bottom sheet over the feed or the dare page. */
export function CommentsSheet({ dare, open, onOpenChange }: CommentsSheetProps) {
  return (
    <Dialog open={open && dare !== null} onOpenChange={onOpenChange}>
      {dare && (
        <DialogContent
          title={`Comments (${formatCompactCount(dare.commentCount)})`}
          description={dare.title}
          className="h-[75dvh]"
        >
          <CommentsPanel dareId={dare.id} />
        </DialogContent>
      )}
    </Dialog>
  );
}

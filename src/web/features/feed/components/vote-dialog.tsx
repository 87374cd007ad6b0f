import { ShieldCheck } from 'lucide-react';
import type { DareView } from '@/contracts/dares';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { VideoPlayer } from '@/web/features/video/components/video-player';

interface VoteDialogProps {
  dare: DareView | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The verification dialog: the proof to judge. Approve and Reject arrive with voting. */
export function VoteDialog({ dare, open, onOpenChange }: VoteDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Verify Dare Completion"
        description="Did this submission successfully complete the dare requirements?"
      >
        {dare && (
          <div className="flex flex-col gap-4">
            <p className="font-semibold text-ink">{dare.title}</p>
            <VideoPlayer
              src={dare.submission?.videoUrl ?? null}
              poster={dare.submission?.thumbnailUrl}
              label={`Proof video for ${dare.title}`}
              className="mx-auto max-w-[300px]"
            />
            <p className="flex items-start gap-2 rounded-xl bg-surface-raised p-3 text-sm text-ink-muted">
              <ShieldCheck className="mt-0.5 size-4 shrink-0 text-accent" aria-hidden="true" />
              Verification requires a majority vote from all pledgers. Voting opens here for
              everyone who pledged to this dare.
            </p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

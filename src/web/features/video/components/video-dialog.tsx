import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { VideoPlayer } from './video-player';

interface VideoDialogProps {
  title: string;
  src: string | null;
  poster?: string | null;
  captions?: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** A video in a sheet of its own (Watch Pitch, Watch Completion). */
export function VideoDialog({
  title,
  src,
  poster,
  captions,
  open,
  onOpenChange,
}: VideoDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={title}>
        <VideoPlayer
          src={src}
          poster={poster}
          captions={captions}
          label={title}
          className="mx-auto max-w-[320px]"
        />
      </DialogContent>
    </Dialog>
  );
}

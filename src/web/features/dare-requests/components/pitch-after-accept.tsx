import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button, buttonClasses } from '@/web/components/ui/button';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { toast } from '@/web/components/ui/toast-store';
import { uploadVideo } from '@/web/features/create-dare/api/upload-media';
import { PitchVideoField } from '@/web/features/create-dare/components/pitch-video-field';
import { useCaptionsUpload } from '@/web/features/create-dare/lib/use-captions-upload';
import { useUploadTask } from '@/web/features/create-dare/lib/use-upload-task';
import { useSetPitchVideo } from '../api/set-pitch-video';

const ignoreThumbnail = () => undefined;

/**
 * Right after accepting (DESIGN.md section 6): the new dare reaches the feed only with a
 * pitch video, so the recipient is offered the create form's recorder / file picker, and
 * the video becomes the dare's pitch (POST /api/dares/{id}/pitch-video).
 */
export function PitchAfterAccept({ dareId, onClose }: { dareId: number; onClose: () => void }) {
  const pitch = useUploadTask(uploadVideo);
  const captions = useCaptionsUpload('pitch');
  const save = useSetPitchVideo();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string>();
  const uploading = pitch.state.status === 'uploading';

  async function addPitch() {
    setError(undefined);
    let video: Awaited<ReturnType<typeof pitch.ensure>>;
    let pitchCaptions: string | null;
    try {
      video = await pitch.ensure();
      pitchCaptions = await captions.ensure();
    } catch (failure) {
      toast({
        title: 'Upload failed',
        description: (failure as Error).message,
        variant: 'destructive',
      });
      return;
    }
    if (!video) {
      setError('Record or choose a pitch video first');
      return;
    }
    save.mutate(
      { dareId, pitchVideo: video.url, pitchCaptions },
      {
        onSuccess: () => {
          toast({ title: 'Pitch video added', description: 'Your dare now shows in the feed.' });
          onClose();
          navigate(`/dares/${dareId}`);
        },
        onError: (failure) =>
          toast({
            title: 'Failed to add pitch video',
            description: failure.message,
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Record your pitch"
        description="The dare is on your profile. It shows in the feed once it has a pitch video: record 15 seconds or choose a video."
      >
        <div className="flex flex-col gap-4">
          <PitchVideoField
            required
            upload={pitch.state}
            captions={captions}
            onClip={(file, fileName) => {
              setError(undefined);
              void pitch.start(file, fileName).catch(() => undefined);
            }}
            onDiscard={() => {
              pitch.reset();
              captions.remove();
            }}
            onRetryUpload={() => void pitch.ensure().catch(() => undefined)}
            onThumbnail={ignoreThumbnail}
            error={error}
          />
          <Button busy={save.isPending} disabled={uploading} onClick={() => void addPitch()}>
            Add pitch video
          </Button>
          <div className="flex gap-2">
            <Link
              href={`/dares/${dareId}`}
              onClick={onClose}
              className={buttonClasses('secondary', 'md', 'flex-1')}
            >
              View dare
            </Link>
            <Button variant="ghost" className="flex-1" onClick={onClose}>
              Later
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import type { DareView } from '@/contracts/dares';
import { SUBMISSION_MESSAGES } from '@/contracts/submission-values';
import { Dialog, DialogContent } from '@/web/components/ui/dialog';
import { toast } from '@/web/components/ui/toast-store';
import { uploadImage, uploadProofVideo } from '@/web/features/create-dare/api/upload-media';
import { isAbortError } from '@/web/features/create-dare/api/upload-with-progress';
import { useCaptionsUpload } from '@/web/features/create-dare/lib/use-captions-upload';
import { useUploadTask } from '@/web/features/create-dare/lib/use-upload-task';
import { useCreateSubmission } from '../api/create-submission';
import { ProofPreviewStep } from './proof-preview-step';
import { type PickedClip, ProofSelectStep } from './proof-select-step';

interface SubmitProofDialogProps {
  dare: DareView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The taker's 'Submit Proof' sheet (spec section 2): select or record, preview, submit. */
export function SubmitProofDialog({ dare, open, onOpenChange }: SubmitProofDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Submit Proof" description={dare.title}>
        {open && <SubmitProofBody dare={dare} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

const destructive = (title: string, description?: string) =>
  toast({ title, description, variant: 'destructive' });

function SubmitProofBody({ dare, onDone }: { dare: DareView; onDone: () => void }) {
  const video = useUploadTask(uploadProofVideo);
  const captions = useCaptionsUpload('proof');
  const create = useCreateSubmission();
  const [clip, setClip] = useState<{ url: string; durationS?: number } | null>(null);
  const [thumbnail, setThumbnail] = useState<Blob | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const clipUrl = useRef<string | null>(null);

  const releaseClip = useCallback(() => {
    if (clipUrl.current) URL.revokeObjectURL(clipUrl.current);
    clipUrl.current = null;
  }, []);
  useEffect(() => releaseClip, [releaseClip]);

  const pick = (picked: PickedClip) => {
    releaseClip();
    const url = URL.createObjectURL(picked.file);
    clipUrl.current = url;
    setClip({ url, durationS: picked.durationS });
    setThumbnail(null);
    video.start(picked.file, picked.fileName).catch((error: unknown) => {
      if (!isAbortError(error)) destructive('Upload failed', (error as Error).message);
    });
  };

  const discard = () => {
    video.reset();
    captions.remove();
    releaseClip();
    setClip(null);
    setThumbnail(null);
  };

  const submit = async () => {
    if (!clip) return destructive('No Video', 'Please upload a video first.');
    if (!thumbnail) return destructive('No Thumbnail', 'Please select a thumbnail.');
    setSubmitting(true);
    try {
      // Waits for the upload in flight, or retries a failed one.
      const uploaded = await video.ensure();
      if (!uploaded) return destructive('No Video', 'Please upload a video first.');
      const captionsUrl = await captions.ensure();
      const image = await uploadImage(thumbnail, 'proof-thumbnail.jpg', {}, 'thumbnail');
      await create.mutateAsync({
        dareId: dare.id,
        videoUrl: uploaded.url,
        thumbnailUrl: image.url,
        captionsUrl,
      });
      toast({ title: 'Proof submitted', description: 'Your pledgers can now vote on it.' });
      onDone();
    } catch (error) {
      destructive(SUBMISSION_MESSAGES.submissionFailed, (error as Error).message);
    } finally {
      setSubmitting(false);
    }
  };

  if (!clip) return <ProofSelectStep onClip={pick} />;
  return (
    <ProofPreviewStep
      clipUrl={clip.url}
      durationS={clip.durationS}
      upload={video.state}
      captions={captions}
      hasThumbnail={thumbnail !== null}
      submitting={submitting}
      onThumbnail={setThumbnail}
      onRetryUpload={() => void video.ensure().catch(() => undefined)}
      onDiscard={discard}
      onSubmit={() => void submit()}
    />
  );
}

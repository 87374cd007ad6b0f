import { RotateCcw, Send } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import type { UploadedVideo } from '@/web/features/create-dare/api/upload-media';
import { CaptionsField } from '@/web/features/create-dare/components/captions-field';
import { ThumbnailPicker } from '@/web/features/create-dare/components/pitch-video/thumbnail-picker';
import { UploadStatus } from '@/web/features/create-dare/components/upload-status';
import type { CaptionsUpload } from '@/web/features/create-dare/lib/use-captions-upload';
import type { UploadState } from '@/web/features/create-dare/lib/use-upload-task';
import { PROOF_THUMBNAIL_COUNT } from '../lib/proof-limits';

interface ProofPreviewStepProps {
  clipUrl: string;
  durationS?: number;
  upload: UploadState<UploadedVideo>;
  /** The proof's optional WebVTT captions (item 35). */
  captions: CaptionsUpload;
  hasThumbnail: boolean;
  submitting: boolean;
  onThumbnail: (image: Blob) => void;
  onRetryUpload: () => void;
  onDiscard: () => void;
  onSubmit: () => void;
}

// Both panels stay mounted: the thumbnails are made (and one chosen) while the video shows.
const panel = 'pt-3 data-[state=inactive]:hidden';

/** Step 2: the take with its upload progress, five thumbnails, discard or 'Submit Video'. */
export function ProofPreviewStep(props: ProofPreviewStepProps) {
  return (
    <div className="flex flex-col gap-3">
      <Tabs defaultValue="video">
        <TabsList>
          <TabsTrigger value="video">Video</TabsTrigger>
          <TabsTrigger value="thumbnail">Thumbnail</TabsTrigger>
        </TabsList>
        <TabsContent value="video" forceMount className={panel}>
          {/* biome-ignore lint/a11y/useMediaCaption: the user's own take; no captions exist */}
          <video
            src={props.clipUrl}
            controls
            playsInline
            preload="metadata"
            aria-label="Proof video preview"
            className="mx-auto aspect-[9/16] max-h-[40dvh] rounded-2xl bg-black object-cover"
          />
        </TabsContent>
        <TabsContent value="thumbnail" forceMount className={panel}>
          <ThumbnailPicker
            clipUrl={props.clipUrl}
            durationHint={props.durationS}
            count={PROOF_THUMBNAIL_COUNT}
            onSelect={props.onThumbnail}
          />
        </TabsContent>
      </Tabs>
      <UploadStatus
        state={props.upload}
        label="Uploading video"
        doneText="Proof video uploaded"
        onRetry={props.onRetryUpload}
      />
      <CaptionsField captions={props.captions} id="proof-captions" />
      <div className="grid grid-cols-2 gap-2">
        <Button variant="outline" onClick={props.onDiscard} disabled={props.submitting}>
          <RotateCcw className="size-4" aria-hidden="true" />
          Discard
        </Button>
        <Button busy={props.submitting} disabled={!props.hasThumbnail} onClick={props.onSubmit}>
          {!props.submitting && <Send className="size-4" aria-hidden="true" />}
          Submit Video
        </Button>
      </div>
    </div>
  );
}

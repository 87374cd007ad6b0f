import { RotateCcw, Trash2 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import type { UploadedVideo } from '../../api/upload-media';
import type { UploadState } from '../../lib/use-upload-task';
import { UploadStatus } from '../upload-status';
import { ThumbnailPicker } from './thumbnail-picker';

export interface Clip {
  url: string;
  durationS?: number;
  source: 'camera' | 'file';
}

interface ClipPreviewProps {
  clip: Clip;
  upload: UploadState<UploadedVideo>;
  onRetake: () => void;
  onRemove: () => void;
  onRetryUpload: () => void;
  onThumbnail: (image: Blob) => void;
}

/** The take, playable while it uploads; thumbnails to choose from; retake or remove. */
export function ClipPreview({
  clip,
  upload,
  onRetake,
  onRemove,
  onRetryUpload,
  onThumbnail,
}: ClipPreviewProps) {
  return (
    <div className="flex flex-col items-center gap-3">
      {/* biome-ignore lint/a11y/useMediaCaption: the user's own take, seconds old; no captions exist */}
      <video
        src={clip.url}
        controls
        playsInline
        preload="metadata"
        aria-label="Pitch video preview"
        className="aspect-[9/16] w-48 rounded-2xl bg-black object-cover"
      />
      <div className="w-full">
        <UploadStatus
          state={upload}
          label="Uploading video"
          doneText="Pitch video uploaded"
          onRetry={onRetryUpload}
        />
      </div>
      <ThumbnailPicker clipUrl={clip.url} durationHint={clip.durationS} onSelect={onThumbnail} />
      {clip.source === 'camera' ? (
        <Button variant="outline" onClick={onRetake} className="w-full">
          <RotateCcw className="size-4" aria-hidden="true" />
          Retake
        </Button>
      ) : (
        <Button variant="outline" onClick={onRemove} className="w-full">
          <Trash2 className="size-4" aria-hidden="true" />
          Remove video
        </Button>
      )}
    </div>
  );
}

import { ImagePlus, Trash2 } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { IMAGE_UPLOAD_MAX_BYTES, MEDIA_MESSAGES } from '@/contracts/media';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/components/ui/toast-store';
import type { CoverPreview } from '../lib/use-media-uploads';
import type { UploadState } from '../lib/use-upload-task';
import { UploadStatus } from './upload-status';

interface CoverImageFieldProps {
  preview: CoverPreview | null;
  upload: UploadState<unknown>;
  onFile: (file: File) => void;
  onRemove: () => void;
  onRetry: () => void;
}

/** Cover picture with an instant local preview while it uploads with real progress. */
export function CoverImageField({
  preview,
  upload,
  onFile,
  onRemove,
  onRetry,
}: CoverImageFieldProps) {
  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({
        title: MEDIA_MESSAGES.invalidFile,
        description: 'Please upload an image file.',
        variant: 'destructive',
      });
      return;
    }
    if (file.size > IMAGE_UPLOAD_MAX_BYTES) {
      toast({
        title: 'File Too Large',
        description: MEDIA_MESSAGES.imageTooLarge,
        variant: 'destructive',
      });
      return;
    }
    onFile(file);
  }

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-ink">Cover image</legend>
      {preview ? (
        <div className="relative overflow-hidden rounded-2xl border border-line bg-black">
          {/* The whole picture, portrait or landscape: a crop would hide what was chosen. */}
          <img src={preview.url} alt="Cover preview" className="max-h-80 w-full object-contain" />
          {preview.source === 'thumbnail' && (
            <span className="absolute top-2 left-2 rounded-full bg-black/70 px-2.5 py-1 text-xs font-semibold text-white">
              From your pitch video
            </span>
          )}
        </div>
      ) : null}
      <UploadStatus
        state={upload}
        label="Uploading cover"
        doneText="Cover uploaded"
        onRetry={onRetry}
      />
      <div className="flex gap-2">
        <label className="relative inline-flex h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-xl border border-dashed border-line px-4 text-sm font-semibold text-ink hover:bg-surface-raised has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-accent">
          <ImagePlus className="size-4" aria-hidden="true" />
          {preview?.source === 'file' ? 'Change cover' : 'Upload cover image'}
          <input
            type="file"
            accept="image/*"
            aria-label="Cover image"
            className="sr-only"
            onChange={handleChange}
          />
        </label>
        {preview && (
          <Button variant="ghost" onClick={onRemove} aria-label="Remove cover image">
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        )}
      </div>
      <p className="text-xs text-ink-muted">JPEG, PNG, WebP or GIF up to 5MB.</p>
    </fieldset>
  );
}

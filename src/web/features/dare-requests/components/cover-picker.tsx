import { ImagePlus, Trash2 } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { IMAGE_UPLOAD_MAX_BYTES } from '@/contracts/media';
import { Button } from '@/web/components/ui/button';
import { imageFileAsDataUrl } from '@/web/lib/image-file';

/** The optional cover image: images only, with a preview and a way to remove it. */
export function CoverPicker({
  value,
  onChange,
  disabled,
}: {
  value: string | null;
  onChange: (dataUrl: string | null) => void;
  disabled?: boolean;
}) {
  async function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const dataUrl = await imageFileAsDataUrl(event, {
      maxBytes: IMAGE_UPLOAD_MAX_BYTES,
      tooLargeMessage: 'Image must be less than 5MB',
    });
    if (dataUrl) onChange(dataUrl);
  }

  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-ink">
        Cover image <span className="text-ink-muted">(optional)</span>
      </legend>
      {value && (
        <div className="overflow-hidden rounded-2xl border border-line bg-black">
          <img src={value} alt="Cover preview" className="max-h-56 w-full object-contain" />
        </div>
      )}
      <div className="flex gap-2">
        <label className="relative inline-flex h-11 flex-1 cursor-pointer items-center justify-center gap-2 rounded-xl border border-dashed border-line px-4 text-sm font-semibold text-ink hover:bg-surface-raised has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-accent">
          <ImagePlus className="size-4" aria-hidden="true" />
          {value ? 'Change cover' : 'Upload cover image'}
          <input
            type="file"
            accept="image/*"
            aria-label="Cover image"
            className="sr-only"
            onChange={(event) => void handleChange(event)}
          />
        </label>
        {value && (
          <Button variant="ghost" onClick={() => onChange(null)} aria-label="Remove cover image">
            <Trash2 className="size-4" aria-hidden="true" />
          </Button>
        )}
      </div>
    </fieldset>
  );
}

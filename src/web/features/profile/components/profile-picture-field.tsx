import { Camera, Trash2 } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { PROFILE_PICTURE_MAX_BYTES } from '@/contracts/limits';
import { Avatar } from '@/web/components/ui/avatar';
import { Button } from '@/web/components/ui/button';
import { imageFileAsDataUrl } from '@/web/lib/image-file';

interface ProfilePictureFieldProps {
  name: string;
  value: string | null;
  onChange: (value: string | null) => void;
}

/** Picture picker with preview; the chosen picture travels as a data URL. */
export function ProfilePictureField({ name, value, onChange }: ProfilePictureFieldProps) {
  async function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const dataUrl = await imageFileAsDataUrl(event, {
      maxBytes: PROFILE_PICTURE_MAX_BYTES,
      tooLargeMessage: 'Profile picture must be less than 5MB',
    });
    if (dataUrl) onChange(dataUrl);
  }

  return (
    <fieldset className="flex items-center gap-4">
      <legend className="sr-only">Profile picture</legend>
      <Avatar name={name || '?'} src={value} size="lg" className="size-20 text-3xl" />
      <div className="flex flex-col items-start gap-2">
        <label className="inline-flex h-9 cursor-pointer items-center gap-2 rounded-xl bg-surface-raised px-3 text-sm font-semibold text-ink hover:bg-line has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-accent">
          <Camera className="size-4" aria-hidden="true" />
          {value ? 'Change photo' : 'Upload photo'}
          <input
            type="file"
            accept="image/*"
            aria-label="Profile picture"
            className="sr-only"
            onChange={(event) => void handleFile(event)}
          />
        </label>
        {value && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onChange(null)}
            className="text-ink-muted"
          >
            <Trash2 className="size-4" aria-hidden="true" />
            Remove photo
          </Button>
        )}
        <p className="text-xs text-ink-muted">An image file up to 5MB.</p>
      </div>
    </fieldset>
  );
}

import { useEffect, useId, useState } from 'react';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/cn';
import { PITCH_THUMBNAIL_COUNT } from '../../lib/thumbnail-times';
import { useThumbnails } from '../../lib/use-thumbnails';

interface ThumbnailPickerProps {
  clipUrl: string;
  durationHint?: number;
  /** How many frames to offer: six for a pitch (the default), five for a proof. */
  count?: number;
  /** The chosen frame, offered as the dare's cover when the user has not picked one. */
  onSelect: (image: Blob) => void;
}

/** Frames of the clip as a radio group (arrow keys move between them). */
export function ThumbnailPicker({
  clipUrl,
  durationHint,
  count = PITCH_THUMBNAIL_COUNT,
  onSelect,
}: ThumbnailPickerProps) {
  const state = useThumbnails(clipUrl, durationHint, count);
  const [selected, setSelected] = useState(0);
  const name = useId();

  const chosen = state.status === 'ready' ? state.thumbnails[selected] : undefined;
  useEffect(() => {
    if (chosen) onSelect(chosen.blob);
  }, [chosen, onSelect]);

  if (state.status === 'failed') return null;
  return (
    <fieldset className="flex w-full flex-col gap-2" aria-busy={state.status === 'working'}>
      <legend className="mb-2 text-sm font-medium text-ink">Thumbnail</legend>
      <div className={cn('grid gap-1.5', count === 5 ? 'grid-cols-5' : 'grid-cols-6')}>
        {state.status === 'working'
          ? Array.from({ length: count }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
              <Skeleton key={index} className="aspect-[9/16] rounded-lg" />
            ))
          : state.thumbnails.map((thumbnail, index) => (
              <label
                // biome-ignore lint/suspicious/noArrayIndexKey: frames are positional
                key={index}
                className={cn(
                  'relative cursor-pointer overflow-hidden rounded-lg border-2',
                  'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-accent',
                  index === selected ? 'border-brand' : 'border-transparent opacity-70',
                )}
              >
                <input
                  type="radio"
                  name={name}
                  className="sr-only"
                  checked={index === selected}
                  onChange={() => setSelected(index)}
                  aria-label={`Thumbnail ${index + 1} of ${state.thumbnails.length}`}
                />
                <img src={thumbnail.url} alt="" className="aspect-[9/16] w-full object-cover" />
              </label>
            ))}
      </div>
    </fieldset>
  );
}

import { useEffect, useState } from 'react';
import { toast } from '@/web/components/ui/toast-store';
import { generateThumbnails } from './thumbnails';

export interface Thumbnail {
  blob: Blob;
  url: string;
}

export type ThumbnailsState =
  | { status: 'working' }
  | { status: 'ready'; thumbnails: Thumbnail[] }
  | { status: 'failed' };

/**
 * A clip's thumbnails (six for a pitch, five for a proof), made whenever the clip changes;
 * object URLs are released.
 */
export function useThumbnails(
  clipUrl: string,
  durationHint?: number,
  count?: number,
): ThumbnailsState {
  const [state, setState] = useState<ThumbnailsState>({ status: 'working' });

  useEffect(() => {
    let cancelled = false;
    let made: Thumbnail[] = [];
    setState({ status: 'working' });
    generateThumbnails(clipUrl, { durationHint, count }).then(
      (blobs) => {
        if (cancelled) return;
        // Repeated fallback frames share one blob, so they share one URL too.
        const urls = new Map<Blob, string>();
        made = blobs.map((blob) => {
          const url = urls.get(blob) ?? URL.createObjectURL(blob);
          urls.set(blob, url);
          return { blob, url };
        });
        setState({ status: 'ready', thumbnails: made });
      },
      () => {
        if (cancelled) return;
        setState({ status: 'failed' });
        toast({
          title: 'Error',
          description: 'Could not generate thumbnails. Please try again.',
          variant: 'destructive',
        });
      },
    );
    return () => {
      cancelled = true;
      for (const url of new Set(made.map((item) => item.url))) URL.revokeObjectURL(url);
    };
  }, [clipUrl, durationHint, count]);

  return state;
}

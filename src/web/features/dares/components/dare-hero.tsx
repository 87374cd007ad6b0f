import { ImageOff, Play } from 'lucide-react';
import { useState } from 'react';
import { isServerVideoUrl } from '@/contracts/dare-values';
import type { DareView } from '@/contracts/dares';
import { WhenOpened } from '@/web/lib/lazy-dialog';
import { retryableLazy } from '@/web/lib/retryable-lazy';
import { completionVideoUrl, darePosterUrl, proofVideoUrl } from '../utils/dare-media';

// Loaded when first opened: the dialog and the player are no part of the detail's first paint.
const VideoDialog = retryableLazy(() =>
  import('@/web/features/video/components/video-dialog').then((m) => ({
    default: m.VideoDialog,
  })),
);

/** Cover (or a placeholder) with the Watch Completion / Watch Proof / Watch Pitch button. */
export function DareHero({ dare }: { dare: DareView }) {
  const [open, setOpen] = useState(false);
  const poster = darePosterUrl(dare);
  const completion = completionVideoUrl(dare);
  const proof = proofVideoUrl(dare);
  const pitch =
    dare.status !== 'completed' && isServerVideoUrl(dare.pitchVideo) ? dare.pitchVideo : null;
  const video = completion ?? proof ?? pitch;
  const captions = completion || proof ? dare.submission?.captionsUrl : dare.pitchCaptions;
  const label = completion ? 'Watch Completion' : proof ? 'Watch Proof' : 'Watch Pitch';
  const title = {
    'Watch Completion': 'completion',
    'Watch Proof': 'proof',
    'Watch Pitch': 'pitch',
  }[label];

  return (
    <div className="relative aspect-[4/5] max-h-[44dvh] w-full overflow-hidden bg-surface-raised">
      {poster ? (
        <img
          src={poster}
          alt={`Cover of ${dare.title}`}
          className="size-full object-cover object-[50%_30%]"
        />
      ) : (
        <div className="flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-brand-strong/40 to-cyan-800/40 text-ink-muted">
          <ImageOff className="size-10" aria-hidden="true" />
          <span className="text-sm">No cover image</span>
        </div>
      )}
      <div
        aria-hidden="true"
        className="absolute inset-x-0 bottom-0 h-1/3 bg-gradient-to-t from-canvas to-transparent"
      />
      {video && (
        <>
          <button
            type="button"
            onClick={() => setOpen(true)}
            className="absolute bottom-4 left-1/2 flex -translate-x-1/2 items-center gap-2 rounded-full whitespace-nowrap bg-white px-5 py-2.5 text-sm font-bold text-black shadow-xl transition-transform active:scale-95"
          >
            <Play className="size-4 fill-black" aria-hidden="true" />
            {label}
          </button>
          <WhenOpened open={open}>
            <VideoDialog
              title={`${dare.title}: ${title}`}
              src={video}
              poster={completion || proof ? dare.submission?.thumbnailUrl : dare.pitchPoster}
              captions={captions}
              open={open}
              onOpenChange={setOpen}
            />
          </WhenOpened>
        </>
      )}
    </div>
  );
}

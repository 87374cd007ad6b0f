import { TriangleAlert, VideoOff } from 'lucide-react';

export const VIDEO_MESSAGES = {
  missingTitle: 'No video available',
  missingDescription: "This dare doesn't have a valid video",
  /** Spec section 8: a video that cannot be loaded or processed. */
  failedTitle: 'Video Error',
  failed: 'Failed to load video. The URL may be invalid or inaccessible.',
} as const;

/** Shown instead of a player when the dare has no playable address, or playback failed. */
export function VideoFallback({ reason }: { reason: 'missing' | 'failed' }) {
  return (
    <div
      role="status"
      className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-black/70 px-16 pb-24 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-full bg-white/10 text-white">
        {reason === 'missing' ? (
          <VideoOff className="size-7" aria-hidden="true" />
        ) : (
          <TriangleAlert className="size-7" aria-hidden="true" />
        )}
      </span>
      {reason === 'missing' ? (
        <>
          <p className="text-base font-semibold text-white">{VIDEO_MESSAGES.missingTitle}</p>
          <p className="text-sm text-white/80">{VIDEO_MESSAGES.missingDescription}</p>
        </>
      ) : (
        <>
          <p className="text-base font-semibold text-white">{VIDEO_MESSAGES.failedTitle}</p>
          <p className="max-w-xs text-sm text-white/80">{VIDEO_MESSAGES.failed}</p>
        </>
      )}
    </div>
  );
}

import { Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { isServerVideoUrl } from '@/contracts/dare-values';
import { useOverlayOpen } from '@/web/components/ui/overlay-store';
import { cn } from '@/web/lib/cn';
import {
  isEffectivelyMuted,
  markAutoplayBlocked,
  toggleMuted,
  useAudioSettings,
} from '../hooks/use-audio-settings';
import { useCaptionsTrack } from '../hooks/use-captions';
import { CaptionsToggle, CaptionsTrack } from './captions';
import { VideoFallback } from './video-fallback';

/**
 * play: the visible dare. preload: the next one, buffered so a swipe starts it at once.
 * release: off screen; the media is dropped and only the poster remains.
 */
export type VideoMode = 'play' | 'preload' | 'release';

interface DareVideoProps {
  src: string | null;
  poster: string | null;
  mode: VideoMode;
  /** Names the sound button for screen readers ("… video"). */
  label: string;
  /** Tapping the picture flips the shared mute (the feed); off for embedded players. */
  tapToMute?: boolean;
  /** The corner mute icon (off where the screen has its own sound button). */
  soundBadge?: boolean;
  /** WebVTT captions of the video (item 35): a track and a CC button when there are some. */
  captions?: string | null;
  className?: string;
}

export function DareVideo({
  src,
  poster,
  mode,
  label,
  tapToMute = true,
  soundBadge = true,
  captions = null,
  className,
}: DareVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const cueText = useCaptionsTrack(ref, captions, { drawn: true });
  const audio = useAudioSettings();
  const muted = isEffectivelyMuted(audio);
  // Failure belongs to one address: a new src starts clean.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc !== null && failedSrc === src;
  const valid = isServerVideoUrl(src);
  const attached = valid && mode !== 'release';
  // A dialog over the feed (pledge, payment, create, vote...) holds the video where it is;
  // it plays on from there once the last dialog closes.
  const covered = useOverlayOpen();

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.muted = muted;
    video.volume = audio.volume;
  }, [muted, audio.volume]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new src must start playing too
  useEffect(() => {
    const video = ref.current;
    if (!video || !valid) return;
    if (mode === 'release') {
      // Removing the attribute is not enough: load() frees the decoder and the buffer.
      video.load();
      return;
    }
    if (mode === 'preload') {
      video.pause();
      if (video.currentTime > 0) video.currentTime = 0;
      return;
    }
    if (covered) {
      video.pause();
      return;
    }
    let cancelled = false;
    video.play().catch((error: Error) => {
      if (cancelled || error.name !== 'NotAllowedError' || video.muted) return;
      // Sound needs a user gesture first: play silently and offer "Tap for sound".
      markAutoplayBlocked();
      video.muted = true;
      void video.play().catch(() => undefined);
    });
    return () => {
      cancelled = true;
      video.pause();
    };
  }, [mode, valid, src, covered]);

  return (
    <div className={cn('relative size-full overflow-hidden bg-black', className)}>
      {poster && (
        <img
          src={poster}
          alt=""
          aria-hidden="true"
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
      )}
      {valid && (
        <video
          ref={ref}
          src={attached ? src : undefined}
          poster={poster ?? undefined}
          preload={attached ? 'auto' : 'none'}
          muted={muted}
          playsInline
          loop
          disablePictureInPicture
          onError={() => {
            if (attached && ref.current?.getAttribute('src')) setFailedSrc(src);
          }}
          className="absolute inset-0 size-full object-cover"
        >
          {captions && <CaptionsTrack src={captions} />}
        </video>
      )}
      {!valid && <VideoFallback reason="missing" />}
      {valid && failed && <VideoFallback reason="failed" />}
      {valid && !failed && tapToMute && (
        <button
          type="button"
          tabIndex={mode === 'play' ? 0 : -1}
          onClick={toggleMuted}
          aria-label={muted ? `Turn on sound for ${label}` : `Mute ${label}`}
          aria-pressed={!muted}
          className="absolute inset-0 flex items-start justify-start p-3 focus-visible:outline-offset-[-4px]"
        >
          <SoundBadge
            muted={muted}
            blocked={audio.autoplayBlocked && mode === 'play'}
            visible={soundBadge}
          />
        </button>
      )}
      {/* Drawn here, not by the browser: the cropped (cover) video would crop its captions, and
          they belong above the title and buttons laid over the bottom of the slide. */}
      {cueText && (
        <p
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-4 top-[56%] right-16 text-center"
        >
          <span className="rounded-md bg-black/80 box-decoration-clone px-2 py-0.5 text-base leading-relaxed whitespace-pre-line text-white">
            {cueText}
          </span>
        </p>
      )}
      {valid && !failed && captions && (
        <CaptionsToggle
          tabIndex={mode === 'play' ? 0 : -1}
          className="absolute top-36 left-2.5 text-white"
        />
      )}
    </div>
  );
}

function SoundBadge({
  muted,
  blocked,
  visible,
}: {
  muted: boolean;
  blocked: boolean;
  visible: boolean;
}) {
  if (blocked) {
    return (
      <span className="mt-24 ml-1 flex items-center gap-1.5 rounded-full bg-black/60 px-3 py-1.5 text-xs font-semibold text-white backdrop-blur">
        <VolumeX className="size-4" aria-hidden="true" />
        Tap for sound
      </span>
    );
  }
  if (!visible) return null;
  return (
    <span className="mt-24 ml-1 flex size-8 items-center justify-center rounded-full bg-black/40 text-white/90 backdrop-blur">
      {muted ? (
        <VolumeX className="size-4" aria-hidden="true" />
      ) : (
        <Volume2 className="size-4" aria-hidden="true" />
      )}
    </span>
  );
}

import { useEffect, useRef, useState } from 'react';
import { isServerVideoUrl } from '@/contracts/dare-values';
import { cn } from '@/web/lib/cn';
import { setMuted, setVolume, useAudioSettings } from '../hooks/use-audio-settings';
import { useCaptionsTrack } from '../hooks/use-captions';
import { CaptionsToggle, CaptionsTrack } from './captions';
import { VideoFallback } from './video-fallback';

interface VideoPlayerProps {
  src: string | null;
  poster?: string | null;
  label: string;
  autoPlay?: boolean;
  /** WebVTT captions (item 35): a track and a CC button under the player when there are some. */
  captions?: string | null;
  className?: string;
}

/**
 * A player with the browser's controls (play, seek, mute, volume, full screen), for dialogs.
 * Its sound follows, and updates, the settings every video shares.
 */
export function VideoPlayer({
  src,
  poster,
  label,
  autoPlay = true,
  captions = null,
  className,
}: VideoPlayerProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useCaptionsTrack(ref, captions);
  const audio = useAudioSettings();
  // Failure belongs to one address: a new src starts clean.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc !== null && failedSrc === src;
  const valid = isServerVideoUrl(src);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.muted = audio.muted;
    video.volume = audio.volume;
  }, [audio.muted, audio.volume]);

  const player = (
    <div
      className={cn(
        'relative aspect-[9/16] max-h-[60dvh] w-full overflow-hidden rounded-2xl bg-black',
        className,
      )}
    >
      {valid ? (
        <video
          ref={ref}
          src={src}
          poster={poster ?? undefined}
          aria-label={label}
          controls
          playsInline
          autoPlay={autoPlay}
          muted={audio.muted}
          preload="metadata"
          onVolumeChange={(event) => {
            const video = event.currentTarget;
            if (video.muted !== audio.muted) setMuted(video.muted);
            if (Math.abs(video.volume - audio.volume) > 0.001) setVolume(video.volume);
          }}
          onError={() => setFailedSrc(src)}
          className="size-full object-contain"
        >
          {captions && <CaptionsTrack src={captions} />}
        </video>
      ) : (
        <VideoFallback reason="missing" />
      )}
      {valid && failed && <VideoFallback reason="failed" />}
    </div>
  );
  if (!captions || !valid) return player;
  return (
    <div className="flex flex-col items-center gap-1">
      {player}
      <CaptionsToggle className="text-ink" />
    </div>
  );
}

import { FastForward, Pause, Play, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { isServerVideoUrl } from '@/contracts/dare-values';
import { CaptionsToggle, CaptionsTrack } from '@/web/features/video/components/captions';
import { VideoFallback } from '@/web/features/video/components/video-fallback';
import { useCaptionsTrack } from '@/web/features/video/hooks/use-captions';
import { VOLUME_STEP } from '@/web/features/video/utils/audio';
import { cn } from '@/web/lib/cn';
import {
  formatClock,
  PROOF_DEFAULT_VOLUME,
  proofVolume,
  SKIP_SECONDS,
  skipForward,
} from '../lib/proof-player';

const control =
  'flex size-10 items-center justify-center rounded-full text-ink hover:bg-surface-raised';

/**
 * The vote modal's player (spec section 2): play/pause, skip 10 s, mute, volume (0.7 to
 * start) and progress. Its sound is its own, so judging a proof never changes the feed's.
 */
export function ProofPlayer({
  src,
  poster,
  captions = null,
  label,
}: {
  src: string | null;
  poster?: string | null;
  /** The proof's WebVTT captions (item 35): a track and a CC button when there are some. */
  captions?: string | null;
  label: string;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useCaptionsTrack(ref, captions);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [volume, setVolume] = useState(PROOF_DEFAULT_VOLUME);
  const [time, setTime] = useState({ current: 0, duration: 0 });
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.volume = volume;
    video.muted = muted;
  }, [volume, muted]);

  if (!isServerVideoUrl(src) || failed) {
    return (
      <div className="relative aspect-[9/16] max-h-[36dvh] w-full overflow-hidden rounded-2xl bg-black">
        <VideoFallback reason={failed ? 'failed' : 'missing'} />
      </div>
    );
  }

  const toggle = () => {
    const video = ref.current;
    if (!video) return;
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  };
  const skip = () => {
    const video = ref.current;
    if (video) video.currentTime = skipForward(video.currentTime, video.duration);
  };
  const progress = time.duration > 0 ? (time.current / time.duration) * 100 : 0;

  return (
    <div className="flex flex-col gap-2">
      <div className="relative mx-auto aspect-[9/16] max-h-[36dvh] w-full overflow-hidden rounded-2xl bg-black">
        {/* biome-ignore lint/a11y/useMediaCaption: a proof has captions only when its taker added some */}
        <video
          ref={ref}
          src={src}
          poster={poster ?? undefined}
          aria-label={label}
          playsInline
          autoPlay
          preload="metadata"
          onClick={toggle}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onTimeUpdate={(event) =>
            setTime({
              current: event.currentTarget.currentTime,
              duration: event.currentTarget.duration,
            })
          }
          onLoadedMetadata={(event) =>
            setTime({ current: 0, duration: event.currentTarget.duration })
          }
          onError={() => setFailed(true)}
          className="size-full object-contain"
        >
          {captions && <CaptionsTrack src={captions} />}
        </video>
      </div>
      <div
        role="progressbar"
        aria-label="Video progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(progress)}
        className="h-1.5 overflow-hidden rounded-full bg-surface-raised"
      >
        <div className="h-full bg-accent" style={{ width: `${progress}%` }} />
      </div>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className={control}
          onClick={toggle}
          aria-label={playing ? 'Pause' : 'Play'}
        >
          {playing ? (
            <Pause className="size-5" aria-hidden="true" />
          ) : (
            <Play className="size-5" aria-hidden="true" />
          )}
        </button>
        <button
          type="button"
          className={control}
          onClick={skip}
          aria-label={`Skip forward ${SKIP_SECONDS} seconds`}
        >
          <FastForward className="size-5" aria-hidden="true" />
        </button>
        <span className="px-1 text-xs text-ink-muted tabular-nums">
          {formatClock(time.current)} / {formatClock(time.duration)}
        </span>
        {captions && <CaptionsToggle className="ml-auto text-ink" />}
        <button
          type="button"
          className={cn(control, !captions && 'ml-auto')}
          onClick={() => setMuted((value) => !value)}
          aria-label={muted ? 'Unmute' : 'Mute'}
        >
          {muted ? (
            <VolumeX className="size-5" aria-hidden="true" />
          ) : (
            <Volume2 className="size-5" aria-hidden="true" />
          )}
        </button>
        <input
          type="range"
          min={0}
          max={1}
          step={VOLUME_STEP}
          value={muted ? 0 : volume}
          aria-label="Volume"
          onChange={(event) => {
            setVolume(proofVolume(Number(event.target.value)));
            setMuted(false);
          }}
          className="w-20 accent-[var(--color-accent,#22d3ee)]"
        />
      </div>
    </div>
  );
}

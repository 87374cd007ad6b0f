import { Circle, Square, VideoOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/web/components/ui/button';

interface CameraPanelProps {
  stream: MediaStream;
  recording: boolean;
  elapsedMs: number;
  limitMs: number;
  onRecord: () => void;
  onStop: () => void;
  onTurnOff: () => void;
}

function clock(seconds: number) {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Live front-camera preview, mirrored like a selfie camera; the recording is not mirrored. */
export function CameraPanel({
  stream,
  recording,
  elapsedMs,
  limitMs,
  onRecord,
  onStop,
  onTurnOff,
}: CameraPanelProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
    return () => {
      video.srcObject = null;
    };
  }, [stream]);

  const remaining = Math.max(0, Math.ceil((limitMs - elapsedMs) / 1000));
  const progress = Math.min(100, (elapsedMs / limitMs) * 100);

  return (
    <div className="flex flex-col items-center gap-3">
      <div className="relative aspect-[9/16] w-48 overflow-hidden rounded-2xl bg-black">
        <video
          ref={videoRef}
          muted
          playsInline
          autoPlay
          aria-label="Camera preview"
          className="size-full -scale-x-100 object-cover"
        />
        {recording && (
          <>
            <div
              aria-hidden="true"
              className="absolute top-2 left-2 flex items-center gap-1.5 rounded-full bg-black/70 px-2.5 py-1 text-sm font-semibold text-white tabular-nums"
            >
              <span className="size-2.5 animate-pulse rounded-full bg-red-500" />
              {clock(remaining)}
            </div>
            <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1.5 bg-black/50">
              <div className="h-full bg-red-500" style={{ width: `${progress}%` }} />
            </div>
          </>
        )}
      </div>
      {recording ? (
        <Button variant="destructive" onClick={onStop} className="w-48">
          <Square className="size-4 fill-current" aria-hidden="true" />
          Stop recording
        </Button>
      ) : (
        <div className="flex w-full flex-col gap-2">
          <Button onClick={onRecord} className="w-full">
            <Circle className="size-4 fill-current" aria-hidden="true" />
            Start recording
          </Button>
          <Button variant="ghost" size="sm" onClick={onTurnOff} className="w-full text-ink-muted">
            <VideoOff className="size-4" aria-hidden="true" />
            Turn off camera
          </Button>
        </div>
      )}
    </div>
  );
}

import { Camera, UploadCloud } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/web/components/ui/button';
import { CameraPanel } from '@/web/features/create-dare/components/pitch-video/camera-panel';
import { ChooseVideoFile } from '@/web/features/create-dare/components/pitch-video/choose-video-file';
import { cameraErrorMessage, openCamera, stopStream } from '@/web/features/create-dare/lib/camera';
import { useClipRecorder } from '@/web/features/create-dare/lib/use-clip-recorder';
import { PROOF_RECORDING_SECONDS } from '../lib/proof-limits';

export interface PickedClip {
  file: Blob;
  fileName: string;
  durationS?: number;
}

type CameraState =
  | { kind: 'off'; notice?: string }
  | { kind: 'starting' }
  | { kind: 'live'; stream: MediaStream };

/** Step 1: 'Select Video' (a file, checked for type and size) or record one with the camera. */
export function ProofSelectStep({ onClip }: { onClip: (clip: PickedClip) => void }) {
  const [camera, setCamera] = useState<CameraState>({ kind: 'off' });
  const stream = useRef<MediaStream | null>(null);
  const mounted = useRef(true);

  const release = useCallback(() => {
    stopStream(stream.current);
    stream.current = null;
  }, []);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      release();
    };
  }, [release]);

  const recorder = useClipRecorder(
    (clip) => {
      release();
      if (mounted.current)
        onClip({ file: clip.blob, fileName: clip.fileName, durationS: clip.durationS });
    },
    { limitSeconds: PROOF_RECORDING_SECONDS, fileStem: 'proof' },
  );

  async function turnOn() {
    setCamera({ kind: 'starting' });
    try {
      const opened = await openCamera();
      if (!mounted.current) return stopStream(opened);
      stream.current = opened;
      setCamera({ kind: 'live', stream: opened });
    } catch (error) {
      console.warn('Camera unavailable', error);
      setCamera({ kind: 'off', notice: cameraErrorMessage(error) });
    }
  }

  if (camera.kind === 'live') {
    return (
      <CameraPanel
        stream={camera.stream}
        recording={recorder.recording}
        elapsedMs={recorder.elapsedMs}
        limitMs={recorder.limitMs}
        onRecord={() => {
          try {
            recorder.start(camera.stream);
          } catch (error) {
            console.warn('Recording unavailable', error);
            release();
            setCamera({
              kind: 'off',
              notice: 'This browser cannot record video — you can select a file instead',
            });
          }
        }}
        onStop={recorder.stop}
        onTurnOff={() => {
          release();
          setCamera({ kind: 'off' });
        }}
      />
    );
  }

  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-line bg-surface-raised/40 px-4 py-6 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-surface-raised text-brand">
        <UploadCloud className="size-6" aria-hidden="true" />
      </span>
      <div>
        <p className="text-sm font-semibold text-ink">Upload your proof video</p>
        <p className="mt-0.5 text-xs text-ink-muted">Maximum file size: 100MB</p>
      </div>
      {camera.kind === 'off' && camera.notice && (
        <p role="alert" className="rounded-xl bg-amber-400/10 px-3 py-2 text-sm text-amber-200">
          {camera.notice}
        </p>
      )}
      <div className="flex w-full flex-col gap-2">
        <ChooseVideoFile
          label="Select Video"
          className="w-full border-0 bg-brand-strong text-white hover:bg-brand-hover"
          onFile={(file) => onClip({ file, fileName: file.name })}
        />
        <Button
          variant="outline"
          className="w-full"
          busy={camera.kind === 'starting'}
          onClick={() => void turnOn()}
        >
          {camera.kind !== 'starting' && <Camera className="size-4" aria-hidden="true" />}
          {camera.kind === 'starting' ? 'Starting camera...' : 'Record with camera'}
        </Button>
      </div>
    </div>
  );
}

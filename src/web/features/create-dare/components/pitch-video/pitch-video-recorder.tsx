import { useCallback, useEffect, useRef, useState } from 'react';
import { PITCH_MAX_MEASURED_SECONDS, PITCH_TOO_LONG_MESSAGE } from '@/contracts/media-values';
import type { UploadedVideo } from '../../api/upload-media';
import { cameraErrorMessage, openCamera, stopStream } from '../../lib/camera';
import { useClipRecorder } from '../../lib/use-clip-recorder';
import type { UploadState } from '../../lib/use-upload-task';
import { videoFileDuration } from '../../lib/video-file-duration';
import { CameraOffPanel } from './camera-off-panel';
import { CameraPanel } from './camera-panel';
import { type Clip, ClipPreview } from './clip-preview';

export interface PitchVideoRecorderProps {
  upload: UploadState<UploadedVideo>;
  /** A finished take or chosen file, to upload. */
  onClip: (file: Blob, fileName: string) => void;
  onDiscard: () => void;
  onRetryUpload: () => void;
  onThumbnail: (image: Blob) => void;
  /** The field's validation message, shown while no take is being worked on. */
  error?: string;
  errorId: string;
}

type Phase =
  | { kind: 'off'; notice?: string }
  | { kind: 'starting' }
  | { kind: 'live'; stream: MediaStream }
  | { kind: 'recording'; stream: MediaStream }
  | { kind: 'preview'; clip: Clip };

/** What the polite live region says; it only changes at these steps, so it is not chatty. */
function announcement(phase: Phase, remainingS: number): string {
  switch (phase.kind) {
    case 'starting':
      return 'Starting camera';
    case 'live':
      return 'Camera on. Ready to record.';
    case 'recording':
      if (remainingS > 10) return 'Recording. 15 seconds left.';
      return remainingS > 5 ? '10 seconds left' : '5 seconds left';
    case 'preview':
      return 'Recording ready. Preview your pitch.';
    default:
      // A camera notice is announced by its own alert in the panel.
      return '';
  }
}

/**
 * Camera off → live preview → recording (stops itself at 15 s) → preview while uploading.
 * The camera is released whenever it is not needed, and when the dialog closes.
 */
export function PitchVideoRecorder(props: PitchVideoRecorderProps) {
  const { onClip, onDiscard } = props;
  const [phase, setPhase] = useState<Phase>({ kind: 'off' });
  const stream = useRef<MediaStream | null>(null);
  const clipUrl = useRef<string | null>(null);
  const mounted = useRef(false);

  const releaseCamera = useCallback(() => {
    stopStream(stream.current);
    stream.current = null;
  }, []);
  const releaseClip = useCallback(() => {
    if (clipUrl.current) URL.revokeObjectURL(clipUrl.current);
    clipUrl.current = null;
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      releaseCamera();
      releaseClip();
    };
  }, [releaseCamera, releaseClip]);

  const showClip = useCallback(
    (file: Blob, fileName: string, source: Clip['source'], durationS?: number) => {
      releaseCamera();
      releaseClip();
      const url = URL.createObjectURL(file);
      clipUrl.current = url;
      setPhase({ kind: 'preview', clip: { url, durationS, source } });
      onClip(file, fileName);
    },
    [onClip, releaseCamera, releaseClip],
  );

  const recorder = useClipRecorder((clip) => {
    if (mounted.current) showClip(clip.blob, clip.fileName, 'camera', clip.durationS);
  });

  async function turnOn() {
    setPhase({ kind: 'starting' });
    try {
      const opened = await openCamera();
      if (!mounted.current) return stopStream(opened);
      stream.current = opened;
      setPhase({ kind: 'live', stream: opened });
    } catch (error) {
      // The spec logs camera failures; the panel closes and offers a file instead.
      console.warn('Camera unavailable', error);
      setPhase({ kind: 'off', notice: cameraErrorMessage(error) });
    }
  }

  /** A chosen file is measured first: one over the pitch limit is refused, never uploaded. */
  async function chooseFile(file: File) {
    setPhase({ kind: 'off' });
    const seconds = await videoFileDuration(file);
    if (!mounted.current) return;
    if (seconds !== null && seconds > PITCH_MAX_MEASURED_SECONDS) {
      setPhase({ kind: 'off', notice: PITCH_TOO_LONG_MESSAGE });
      return;
    }
    showClip(file, file.name, 'file', seconds ?? undefined);
  }

  function turnOff() {
    releaseCamera();
    setPhase({ kind: 'off' });
  }

  function record() {
    if (phase.kind !== 'live') return;
    try {
      recorder.start(phase.stream);
      setPhase({ kind: 'recording', stream: phase.stream });
    } catch (error) {
      console.warn('Recording unavailable', error);
      releaseCamera();
      setPhase({
        kind: 'off',
        notice: 'This browser cannot record video — you can choose a video file instead',
      });
    }
  }

  function discard() {
    releaseClip();
    onDiscard();
  }

  const remainingS = Math.ceil((recorder.limitMs - recorder.elapsedMs) / 1000);
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="sr-only">
        {announcement(phase, remainingS)}
      </p>
      {(phase.kind === 'off' || phase.kind === 'starting') && (
        <CameraOffPanel
          starting={phase.kind === 'starting'}
          notice={phase.kind === 'off' ? phase.notice : undefined}
          onTurnOn={() => void turnOn()}
          onFile={(file) => void chooseFile(file)}
        />
      )}
      {(phase.kind === 'live' || phase.kind === 'recording') && (
        <CameraPanel
          stream={phase.stream}
          recording={phase.kind === 'recording'}
          elapsedMs={recorder.elapsedMs}
          limitMs={recorder.limitMs}
          onRecord={record}
          onStop={recorder.stop}
          onTurnOff={turnOff}
        />
      )}
      {phase.kind === 'preview' && (
        <ClipPreview
          clip={phase.clip}
          upload={props.upload}
          onRetryUpload={props.onRetryUpload}
          onThumbnail={props.onThumbnail}
          onRetake={() => {
            discard();
            void turnOn();
          }}
          onRemove={() => {
            discard();
            setPhase({ kind: 'off' });
          }}
        />
      )}
      {props.error && (phase.kind === 'off' || phase.kind === 'preview') && (
        <p id={props.errorId} className="text-sm text-danger">
          {props.error}
        </p>
      )}
    </div>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { PITCH_VIDEO_SECONDS } from '@/contracts/limits';
import { extensionFor, pickRecordingFormat } from './recording-format';

export interface RecordedClip {
  blob: Blob;
  fileName: string;
  /** Measured while recording; WebM files from MediaRecorder do not carry it. */
  durationS: number;
}

/**
 * MediaRecorder over a camera stream, stopping itself at `limitSeconds` (the pitch's 15 s
 * by default); files are named `<fileStem>.<ext>`.
 */
export function useClipRecorder(
  onDone: (clip: RecordedClip) => void,
  { limitSeconds = PITCH_VIDEO_SECONDS, fileStem = 'pitch' } = {},
) {
  const limitMs = limitSeconds * 1000;
  const [recording, setRecording] = useState(false);
  const [elapsedMs, setElapsedMs] = useState(0);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const timers = useRef<{
    tick?: ReturnType<typeof setInterval>;
    limit?: ReturnType<typeof setTimeout>;
  }>({});
  const onDoneRef = useRef(onDone);
  useEffect(() => {
    onDoneRef.current = onDone;
  });

  const clearTimers = useCallback(() => {
    clearInterval(timers.current.tick);
    clearTimeout(timers.current.limit);
    timers.current = {};
  }, []);

  const stop = useCallback(() => {
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== 'inactive') recorder.stop();
  }, []);

  /** Throws when the browser cannot record this stream (the caller offers a file instead). */
  const start = useCallback(
    (stream: MediaStream) => {
      const format = pickRecordingFormat((type) => MediaRecorder.isTypeSupported(type));
      const recorder = new MediaRecorder(
        stream,
        format.mimeType ? { mimeType: format.mimeType } : undefined,
      );
      const chunks: Blob[] = [];
      const startedAt = performance.now();
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunks.push(event.data);
      };
      recorder.onstop = () => {
        clearTimers();
        recorderRef.current = null;
        setRecording(false);
        const type = recorder.mimeType || format.mimeType || 'video/webm';
        onDoneRef.current({
          blob: new Blob(chunks, { type }),
          fileName: `${fileStem}.${extensionFor(type)}`,
          durationS: Math.min(limitSeconds, (performance.now() - startedAt) / 1000),
        });
      };
      // Timesliced, so a long take is not one huge buffer at the end.
      recorder.start(500);
      recorderRef.current = recorder;
      setElapsedMs(0);
      setRecording(true);
      timers.current.tick = setInterval(() => setElapsedMs(performance.now() - startedAt), 200);
      timers.current.limit = setTimeout(stop, limitMs);
    },
    [clearTimers, stop, limitMs, limitSeconds, fileStem],
  );

  // Leaving mid-take (dialog closed) throws the take away instead of delivering it.
  useEffect(
    () => () => {
      clearTimers();
      const recorder = recorderRef.current;
      if (recorder) {
        recorder.onstop = null;
        if (recorder.state !== 'inactive') recorder.stop();
      }
    },
    [clearTimers],
  );

  return { recording, elapsedMs, limitMs, start, stop };
}

import { useCallback, useState } from 'react';
import { CAPTIONS_MAX_BYTES, CAPTIONS_MESSAGES, WEBVTT_SIGNATURE } from '@/contracts/media-values';
import { uploadPitchCaptions, uploadProofCaptions } from '../api/upload-media';
import { isAbortError } from '../api/upload-with-progress';
import { type UploadState, useUploadTask } from './use-upload-task';

/** What the server checks too, asked first so a wrong file is named at once. */
async function captionsProblem(file: File): Promise<string | null> {
  if (file.size > CAPTIONS_MAX_BYTES) return CAPTIONS_MESSAGES.tooLarge;
  const head = await file.slice(0, 16).text();
  return WEBVTT_SIGNATURE.test(head) ? null : CAPTIONS_MESSAGES.invalid;
}

export interface CaptionsUpload {
  state: UploadState<{ url: string }>;
  fileName: string | null;
  error: string | null;
  choose: (file: File) => void;
  remove: () => void;
  retry: () => void;
  /** The stored file's url once uploaded (waits, or retries a failed upload); null for none. */
  ensure: () => Promise<string | null>;
}

/**
 * The optional WebVTT captions of a pitch or a proof (item 35): checked, uploaded at once
 * with real progress, kept for the form to send with its video.
 */
export function useCaptionsUpload(
  purpose: 'pitch' | 'proof',
  onUploaded?: (url: string | null) => void,
): CaptionsUpload {
  const task = useUploadTask(purpose === 'pitch' ? uploadPitchCaptions : uploadProofCaptions);
  const [fileName, setFileName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { start, reset, ensure: ensureTask } = task;

  const choose = useCallback(
    async (file: File) => {
      const problem = await captionsProblem(file);
      setError(problem);
      if (problem) return;
      setFileName(file.name);
      start(file, file.name).then(
        (stored) => onUploaded?.(stored.url),
        (failure: unknown) => {
          if (!isAbortError(failure)) setError((failure as Error).message);
        },
      );
    },
    [start, onUploaded],
  );

  const remove = useCallback(() => {
    reset();
    setFileName(null);
    setError(null);
    onUploaded?.(null);
  }, [reset, onUploaded]);

  const ensure = useCallback(
    () => ensureTask().then((stored) => stored?.url ?? null),
    [ensureTask],
  );

  return {
    state: task.state,
    fileName,
    error,
    choose: (file) => void choose(file),
    remove,
    retry: () => void ensure().catch(() => undefined),
    ensure,
  };
}

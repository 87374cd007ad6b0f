import { useCallback, useEffect, useRef, useState } from 'react';
import type { UploadOptions } from '../api/upload-with-progress';

export type UploadState<R> =
  | { status: 'idle' }
  | { status: 'uploading'; progress: number }
  | { status: 'done'; result: R }
  | { status: 'error'; message: string };

type Uploader<R> = (file: Blob, fileName: string, options: UploadOptions) => Promise<R>;

export interface UploadTask<R> {
  state: UploadState<R>;
  /** Uploads a new file, replacing (and cancelling) any previous one. */
  start: (file: Blob, fileName: string) => Promise<R>;
  /**
   * The finished result for the current file: waits for an upload in flight and retries a
   * failed one. Resolves null when there is no file; rejects when the retry fails too.
   */
  ensure: () => Promise<R | null>;
  /** Forgets the file and cancels its upload. */
  reset: () => void;
}

/**
 * One file's upload with real progress, kept so the form can retry it at submit time.
 * `upload` must be stable (a module-level function).
 */
export function useUploadTask<R>(upload: Uploader<R>): UploadTask<R> {
  const [state, setState] = useState<UploadState<R>>({ status: 'idle' });
  const source = useRef<{ file: Blob; fileName: string } | null>(null);
  const inFlight = useRef<Promise<R> | null>(null);
  const result = useRef<R | null>(null);
  const controller = useRef<AbortController | null>(null);

  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    inFlight.current = null;
  }, []);

  const run = useCallback((): Promise<R> => {
    const file = source.current;
    if (!file) return Promise.reject(new Error('Nothing to upload'));
    cancel();
    const abort = new AbortController();
    controller.current = abort;
    result.current = null;
    setState({ status: 'uploading', progress: 0 });
    const isCurrent = () => controller.current === abort;
    const promise = upload(file.file, file.fileName, {
      signal: abort.signal,
      onProgress: (progress) => {
        if (isCurrent()) setState({ status: 'uploading', progress });
      },
    }).then(
      (value) => {
        if (isCurrent()) {
          result.current = value;
          inFlight.current = null;
          setState({ status: 'done', result: value });
        }
        return value;
      },
      (error: unknown) => {
        if (isCurrent()) {
          inFlight.current = null;
          setState({ status: 'error', message: (error as Error).message });
        }
        throw error;
      },
    );
    inFlight.current = promise;
    return promise;
  }, [cancel, upload]);

  const start = useCallback(
    (file: Blob, fileName: string) => {
      source.current = { file, fileName };
      return run();
    },
    [run],
  );

  const ensure = useCallback(async (): Promise<R | null> => {
    if (!source.current) return null;
    if (result.current !== null) return result.current;
    return inFlight.current ?? run();
  }, [run]);

  const reset = useCallback(() => {
    cancel();
    source.current = null;
    result.current = null;
    setState({ status: 'idle' });
  }, [cancel]);

  // Closing the dialog abandons the form, and with it any upload still running.
  useEffect(() => cancel, [cancel]);

  return { state, start, ensure, reset };
}

import { ApiError, errorFromResponse } from '@/web/lib/api-client';

export interface UploadOptions {
  /** Whole percent of the request body sent so far (0-100). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** What a request that never reached the server says (the file's own words, spec section 8). */
  unsentMessage?: string;
}

/**
 * Multipart POST through XMLHttpRequest, because fetch cannot report upload progress.
 * Errors follow the same message rule as every other call (api-client's errorFromResponse).
 */
export function uploadWithProgress<T>(
  path: string,
  field: string,
  file: Blob,
  fileName: string,
  {
    onProgress,
    signal,
    unsentMessage = 'Network error: the upload did not reach the server',
  }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      void settle(xhr).then(resolve as (value: unknown) => void, reject);
    };
    xhr.onerror = () => reject(new ApiError(unsentMessage, 0, null));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });

    const body = new FormData();
    body.append(field, file, fileName);
    onProgress?.(0);
    xhr.send(body);
  });
}

async function settle(xhr: XMLHttpRequest): Promise<unknown> {
  // A Response lets the shared error rule read the body exactly as it does for fetch.
  const response = new Response(xhr.responseText || null, {
    status: xhr.status,
    statusText: xhr.statusText,
  });
  if (!response.ok) throw await errorFromResponse(response);
  const text = await response.text();
  return text ? JSON.parse(text) : undefined;
}

export const isAbortError = (error: unknown) =>
  error instanceof DOMException && error.name === 'AbortError';

import { open } from 'node:fs/promises';

/**
 * Random access to a file's bytes, for the container readers (mp4-duration, webm-duration):
 * they read a few header bytes here and there and skip the media in between, so a 100 MB
 * upload is never read whole.
 */
export interface ByteSource {
  readonly size: number;
  /** Up to `length` bytes from `offset` (fewer at the end of the file). */
  read(offset: number, length: number): Promise<Uint8Array>;
}

export function bufferByteSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, Math.min(bytes.length, offset + length)),
  };
}

/** Reads ahead in windows, so walking many small element headers costs few system calls. */
const WINDOW_BYTES = 64 * 1024;

/** A file opened for the duration of `task`, as a ByteSource. */
export async function withFileByteSource<T>(
  path: string,
  task: (source: ByteSource) => Promise<T>,
): Promise<T> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    let windowStart = 0;
    let window = new Uint8Array(0);
    const source: ByteSource = {
      size,
      async read(offset, length) {
        const end = Math.min(size, offset + length);
        if (offset < windowStart || end > windowStart + window.length) {
          const buffer = Buffer.alloc(Math.max(length, WINDOW_BYTES));
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset);
          windowStart = offset;
          window = buffer.subarray(0, bytesRead);
        }
        return window.subarray(offset - windowStart, end - windowStart);
      },
    };
    return await task(source);
  } finally {
    await handle.close();
  }
}

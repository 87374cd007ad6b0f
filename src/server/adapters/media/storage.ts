import type { Readable } from 'node:stream';
import { MEDIA_MESSAGES } from '@/contracts/media';
import { AppError } from '../../lib/errors';

export type StoredObject = {
  size: number;
  contentType: string;
  /** When the store knows it: the Last-Modified and part of the ETag of /media responses. */
  modifiedAt?: Date;
};
export type ByteRange = { start: number; end: number };

/**
 * Where uploaded media lives (DESIGN.md section 1): local files by default, S3-compatible
 * object storage in production. Keys are server-generated, e.g. `images/<uuid>.jpg`.
 */
export interface MediaStorage {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  stat(key: string): Promise<StoredObject | null>;
  /** A stream of the whole object or of an inclusive byte range. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
}

/**
 * The store cannot be reached or fails (S3 down, answering 5xx, refusing our keys): every
 * caller answers 503 in words, and the cause is logged as a warning (error-handler.ts).
 */
export class StorageUnavailableError extends AppError {
  constructor(cause: unknown) {
    super(
      503,
      MEDIA_MESSAGES.storageUnavailable,
      'storage_unavailable',
      { 'retry-after': '5' },
      cause,
    );
  }
}

/** The address the app serves a stored object from. */
export const mediaUrl = (key: string) => `/media/${key}`;

/** The key behind one of our own media addresses, or undefined for anything else. */
export function keyFromMediaUrl(url: string): string | undefined {
  if (!url.startsWith('/media/')) return undefined;
  const key = url.slice('/media/'.length);
  return isValidKey(key) ? key : undefined;
}

/** Keys are ours: folders and names of safe characters, never `..`. */
export function isValidKey(key: string): boolean {
  return /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/.test(key) && !key.includes('..');
}

/**
 * A processed video `videos/<id>.mp4` has its poster at `posters/<id>.jpg`: the pair shares
 * one generated id, so a dare can find its pitch video's poster from the video address.
 */
export const posterKeyFor = (id: string) => `posters/${id}.jpg`;
export function posterKeyForVideoKey(videoKey: string): string | undefined {
  const match = /^videos\/([0-9a-f-]+)\.mp4$/.exec(videoKey);
  return match ? posterKeyFor(match[1]!) : undefined;
}

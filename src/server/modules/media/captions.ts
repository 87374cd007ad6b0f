import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { CAPTIONS_MAX_BYTES, CAPTIONS_MESSAGES, WEBVTT_SIGNATURE } from '@/contracts/media-values';
import { CAPTIONS_CONTENT_TYPE, CAPTIONS_EXTENSION } from '../../adapters/media/media-types';
import { mediaUrl } from '../../adapters/media/storage';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { badRequest, tooLarge, unprocessable } from '../../lib/errors';
import { isUploadOf, type MediaOwner, recordMedia } from './media-files';

/**
 * Whether `bytes` are a WebVTT file we serve: UTF-8 (the format's only encoding), no NUL
 * (no text format needs one; they mark binary files), and the WEBVTT signature first.
 * Cues are not parsed: the browser's parser ignores what it does not understand.
 */
export function isWebVtt(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    return WEBVTT_SIGNATURE.test(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return false;
  }
}

/** The stream, whole, refused (413) as soon as it passes `maxBytes`. */
async function readAtMost(source: Readable, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      source.destroy();
      throw tooLarge(CAPTIONS_MESSAGES.tooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * POST /api/captions/upload: a WebVTT file checked, stored under a fresh name and recorded
 * as `owner`'s captions for a pitch or a proof (decision 0035).
 */
export async function storeCaptionsUpload(
  ctx: AppContext,
  source: Readable,
  owner: MediaOwner,
): Promise<{ url: string }> {
  const bytes = await readAtMost(source, CAPTIONS_MAX_BYTES);
  if (!isWebVtt(bytes)) throw badRequest(CAPTIONS_MESSAGES.invalid, 'invalid_file');
  const url = mediaUrl(`captions/${randomUUID()}.${CAPTIONS_EXTENSION}`);
  await ctx.storage.put(url.slice('/media/'.length), bytes, CAPTIONS_CONTENT_TYPE);
  await recordMedia(ctx.db, owner, url);
  return { url };
}

/**
 * The captions a dare's pitch or a proof may carry (decision 0035): none, or a file `userId`
 * uploaded as captions for that kind of video, and only with a video. 422 otherwise.
 */
export async function checkCaptions(
  db: Db | Tx,
  userId: number,
  captions: {
    url: string | null | undefined;
    video: string | null;
    purpose: MediaOwner['purpose'];
  },
): Promise<string | null> {
  if (!captions.url) return null;
  if (!captions.video) throw unprocessable(CAPTIONS_MESSAGES.noVideo);
  if (!(await isUploadOf(db, captions.url, userId, [captions.purpose]))) {
    throw unprocessable(CAPTIONS_MESSAGES.notYours);
  }
  return captions.url;
}

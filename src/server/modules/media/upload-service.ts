import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { BASE64_VIDEO_MAX_BYTES, VIDEO_MAX_BYTES } from '@/contracts/limits';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  type ImageUploadResponse,
  MEDIA_MESSAGES,
  uploadBase64FieldsSchema,
  type VideoUploadResponse,
} from '@/contracts/media';
import { MP4_TYPE } from '../../adapters/media/media-types';
import { mediaUrl, posterKeyFor } from '../../adapters/media/storage';
import type { ProcessedVideo, VideoProcessor } from '../../adapters/media/video-processor';
import type { AppContext } from '../../context';
import { badRequest, tooLarge } from '../../lib/errors';
import { Base64JsonBody } from './base64-json-body';
import { type MediaOwner, recordMedia } from './media-files';
import { type SpooledFile, spoolUpload, type UploadRules } from './spool';
import { withWorkDir } from './spool-dirs';
import { checkVideoLength, maxSecondsFor } from './video-length';

export const VIDEO_RULES: UploadRules = {
  kind: 'video',
  maxBytes: VIDEO_MAX_BYTES,
  tooLargeMessage: MEDIA_MESSAGES.videoTooLarge,
  invalidMessage: MEDIA_MESSAGES.invalidFile,
  interruptedMessage: MEDIA_MESSAGES.uploadInterrupted,
};

/** The recorded pitch clip sent as a data URL (limits.ts says why it is smaller). */
export const BASE64_VIDEO_RULES: UploadRules = {
  ...VIDEO_RULES,
  maxBytes: BASE64_VIDEO_MAX_BYTES,
  tooLargeMessage: MEDIA_MESSAGES.base64TooLarge,
};
/** The JSON body around the largest clip: its base64 (4/3 larger) and a few small fields. */
export const BASE64_BODY_MAX_BYTES = Math.ceil(BASE64_VIDEO_MAX_BYTES / 3) * 4 + 64 * 1024;

export const IMAGE_RULES: UploadRules = {
  ...VIDEO_RULES,
  kind: 'image',
  maxBytes: IMAGE_UPLOAD_MAX_BYTES,
  tooLargeMessage: MEDIA_MESSAGES.imageTooLarge,
};

const putFile = (ctx: AppContext, key: string, path: string, contentType: string) =>
  ctx.storage.put(key, createReadStream(path), contentType);

/** Processing is an improvement, never a requirement: on failure the original is served. */
async function processSafely(
  ctx: AppContext,
  processor: VideoProcessor,
  original: SpooledFile,
  dir: string,
): Promise<ProcessedVideo | null> {
  try {
    return await processor.process(original, dir);
  } catch (err) {
    ctx.log.warn({ err, processor: processor.name }, 'video processing failed; keeping original');
    return null;
  }
}

/** A missing poster only costs the feed a first frame, so its failure is not the upload's. */
async function storePoster(ctx: AppContext, id: string, path: string): Promise<string | null> {
  const key = posterKeyFor(id);
  try {
    await putFile(ctx, key, path, 'image/jpeg');
    return mediaUrl(key);
  } catch (err) {
    ctx.log.warn({ err, key }, 'poster upload failed');
    return null;
  }
}

/**
 * Checks, processes (when a processor is available) and stores one uploaded video, recorded
 * as `owner`'s upload with its poster (decision 0031).
 */
export async function storeVideoUpload(
  ctx: AppContext,
  processor: VideoProcessor,
  source: Readable,
  owner: MediaOwner,
  signal?: AbortSignal,
  rules = VIDEO_RULES,
): Promise<VideoUploadResponse> {
  const maxSeconds = maxSecondsFor(owner.purpose);
  const stored = await storeVideo(ctx, processor, source, signal, { ...rules, maxSeconds });
  await recordMedia(ctx.db, owner, stored.url);
  if (stored.posterUrl)
    await recordMedia(ctx.db, { ...owner, purpose: 'poster' }, stored.posterUrl);
  return stored;
}

/**
 * The longest the video may be (a pitch's limit, item 23): measured before anything is
 * stored or transcoded, and when the upload could not tell, on the transcode's output.
 */
type VideoRules = UploadRules & { maxSeconds?: number };

function storeVideo(
  ctx: AppContext,
  processor: VideoProcessor,
  source: Readable,
  signal: AbortSignal | undefined,
  rules: VideoRules,
): Promise<VideoUploadResponse> {
  return withWorkDir(async (dir) => {
    const original = await spoolUpload(source, join(dir, 'upload'), rules, signal);
    const { maxSeconds } = rules;
    const measured =
      maxSeconds !== undefined && (await checkVideoLength(ctx, original, maxSeconds));
    const processed = await processSafely(ctx, processor, original, dir);
    if (maxSeconds !== undefined && !measured && processed) {
      await checkVideoLength(ctx, { path: processed.videoPath, type: MP4_TYPE }, maxSeconds);
    }
    // Fresh names per upload: stored media is immutable and cached for a year (ADR 0003).
    const id = randomUUID();
    if (!processed) {
      const key = `videos/${id}.${original.type.extension}`;
      await putFile(ctx, key, original.path, original.type.contentType);
      return { url: mediaUrl(key), posterUrl: null };
    }
    const key = `videos/${id}.mp4`;
    await putFile(ctx, key, processed.videoPath, 'video/mp4');
    const posterUrl = processed.posterPath
      ? await storePoster(ctx, id, processed.posterPath)
      : null;
    return { url: mediaUrl(key), posterUrl };
  });
}

/**
 * A recorded clip sent as a JSON data URL, decoded as the body arrives (Base64JsonBody).
 * `dareId` is accepted as the spec's client sends it; the video is tied to a dare later,
 * when the dare or submission naming its url is saved.
 */
export async function storeBase64Video(
  ctx: AppContext,
  processor: VideoProcessor,
  body: Readable,
  declaredLength: number | undefined,
  owner: MediaOwner,
  signal?: AbortSignal,
): Promise<VideoUploadResponse> {
  // Refused from the declared length alone, before reading anything.
  if (declaredLength !== undefined && declaredLength > BASE64_BODY_MAX_BYTES) {
    throw tooLarge(MEDIA_MESSAGES.base64TooLarge);
  }
  const decoded = new Base64JsonBody(BASE64_BODY_MAX_BYTES, (fields) => {
    const checked = uploadBase64FieldsSchema.safeParse(fields);
    if (!checked.success) throw badRequest(checked.error.issues[0]?.message ?? 'Invalid request');
  });
  // Piped, not pipelined: a refusal must not destroy the request, or its answer is lost.
  const fail = (error?: Error) => decoded.destroy(error ?? new Error('request closed'));
  const closed = () => body.readableEnded || fail();
  body.once('error', fail);
  body.once('close', closed);
  // The spool's pipeline takes its errors (from the stream's state) once the work folder
  // exists; until then a refusal must not count as an unhandled error.
  decoded.on('error', () => {});
  body.pipe(decoded);
  try {
    return await storeVideoUpload(ctx, processor, decoded, owner, signal, BASE64_VIDEO_RULES);
  } finally {
    body.off('error', fail);
    body.off('close', closed);
    body.unpipe(decoded);
  }
}

/** Checks and stores one uploaded image (JPEG, PNG, WebP or GIF), recorded as `owner`'s. */
export function storeImageUpload(
  ctx: AppContext,
  source: Readable,
  owner: MediaOwner,
  signal?: AbortSignal,
): Promise<ImageUploadResponse> {
  return withWorkDir(async (dir) => {
    const image = await spoolUpload(source, join(dir, 'upload'), IMAGE_RULES, signal);
    const key = `images/${randomUUID()}.${image.type.extension}`;
    await putFile(ctx, key, image.path, image.type.contentType);
    await recordMedia(ctx.db, owner, mediaUrl(key));
    return { url: mediaUrl(key) };
  });
}

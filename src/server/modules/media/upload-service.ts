import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { VIDEO_MAX_BYTES } from '@/contracts/limits';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  type ImageUploadResponse,
  MEDIA_MESSAGES,
  type UploadBase64Input,
  type VideoUploadResponse,
} from '@/contracts/media';
import { dataUrlByteLength, dataUrlStream } from '../../adapters/media/data-url';
import { mediaUrl, posterKeyFor } from '../../adapters/media/storage';
import type { ProcessedVideo, VideoProcessor } from '../../adapters/media/video-processor';
import type { AppContext } from '../../context';
import { badRequest, tooLarge } from '../../lib/errors';
import { type SpooledFile, spoolUpload, type UploadRules } from './spool';

export const VIDEO_RULES: UploadRules = {
  kind: 'video',
  maxBytes: VIDEO_MAX_BYTES,
  tooLargeMessage: MEDIA_MESSAGES.videoTooLarge,
  invalidMessage: MEDIA_MESSAGES.invalidFile,
  interruptedMessage: MEDIA_MESSAGES.uploadInterrupted,
};

export const IMAGE_RULES: UploadRules = {
  ...VIDEO_RULES,
  kind: 'image',
  maxBytes: IMAGE_UPLOAD_MAX_BYTES,
  tooLargeMessage: MEDIA_MESSAGES.imageTooLarge,
};

/**
 * Uploads are spooled to a private folder under the OS temp dir first: storage only ever
 * receives checked, complete files (nothing to clean up there after a refusal), and
 * ffmpeg needs a seekable file anyway. The folder goes away whatever happens.
 */
async function withWorkDir<T>(task: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'darefund-upload-'));
  try {
    return await task(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

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

/** Checks, processes (when a processor is available) and stores one uploaded video. */
export function storeVideoUpload(
  ctx: AppContext,
  processor: VideoProcessor,
  source: Readable,
): Promise<VideoUploadResponse> {
  return withWorkDir(async (dir) => {
    const original = await spoolUpload(source, join(dir, 'upload'), VIDEO_RULES);
    const processed = await processSafely(ctx, processor, original, dir);
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
 * A recorded clip sent as a data URL. `dareId` is accepted as the spec's client sends it;
 * the video is tied to a dare later, when the dare or submission naming its url is saved.
 */
export async function storeBase64Video(
  ctx: AppContext,
  processor: VideoProcessor,
  input: UploadBase64Input,
): Promise<VideoUploadResponse> {
  const source = dataUrlStream(input.base64Data);
  if (!source) throw badRequest(MEDIA_MESSAGES.invalidFile, 'invalid_file');
  // Refused from the length alone, before decoding anything.
  if (dataUrlByteLength(input.base64Data) > VIDEO_MAX_BYTES) {
    throw tooLarge(MEDIA_MESSAGES.videoTooLarge);
  }
  return storeVideoUpload(ctx, processor, source);
}

/** Checks and stores one uploaded image (JPEG, PNG, WebP or GIF). */
export function storeImageUpload(ctx: AppContext, source: Readable): Promise<ImageUploadResponse> {
  return withWorkDir(async (dir) => {
    const image = await spoolUpload(source, join(dir, 'upload'), IMAGE_RULES);
    const key = `images/${randomUUID()}.${image.type.extension}`;
    await putFile(ctx, key, image.path, image.type.contentType);
    return { url: mediaUrl(key) };
  });
}

import { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contracts/common';
import { VIDEO_MAX_BYTES } from '@/contracts/limits';
import {
  captionsPurposeFor,
  captionsUploadQuerySchema,
  captionsUploadResponseSchema,
  IMAGE_UPLOAD_MAX_BYTES,
  imageUploadQuerySchema,
  imageUploadResponseSchema,
  MEDIA_MESSAGES,
  type MediaPurpose,
  uploadBase64Schema,
  type VideoPurpose,
  videoUploadQuerySchema,
  videoUploadResponseSchema,
} from '@/contracts/media';
import { CAPTIONS_MAX_BYTES, CAPTIONS_MESSAGES } from '@/contracts/media-values';
import { detectVideoProcessor } from '../../adapters/media/ffmpeg-processor';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { signedIn } from '../../plugins/authentication';
import { storeCaptionsUpload } from './captions';
import { registerLingeringClose } from './early-answer';
import type { MediaOwner } from './media-files';
import { storeBase64Video, storeImageUpload, storeVideoUpload } from './upload-service';
import { createUploadSlots } from './upload-slots';

/** Room for the form's boundaries, part headers and a few small fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  413: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
};
/** A stored video is refused when a pitch runs over its length (video-length.ts). */
const videoErrors = { ...errors, 422: apiErrorSchema };

/** The multipart form of an upload as the reference shows it: one file in `field`. */
const fileForm = (field: string) => ({
  consumes: ['multipart/form-data'],
  documentedBody: z.object({ [field]: z.file() }),
});

/**
 * The one file of a multipart form, as a stream. busboy stops one byte past the limit so
 * the UploadGuard (not a silent truncation) answers 413, and other parts are capped too.
 */
async function filePart(request: FastifyRequest, field: string, maxBytes: number, missing: string) {
  if (!request.isMultipart()) throw badRequest(missing, 'no_file');
  const part = await request.file({
    throwFileSizeLimit: false,
    limits: { fileSize: maxBytes + 1, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
  });
  if (!part) throw badRequest(missing, 'no_file');
  if (part.fieldname !== field) {
    // Stop reading the body we will not use.
    part.file.destroy();
    throw badRequest(missing, 'no_file');
  }
  return part.file;
}

/** The signed-in uploader and the `?purpose=` the route's schema checked (decision 0031). */
const ownerOf = (request: FastifyRequest): MediaOwner => ({
  userId: signedIn(request).user.id,
  purpose: (request.query as { purpose: MediaPurpose }).purpose,
});

/** Captions are recorded for the video they go with: `?purpose=proof` -> proof-captions. */
const captionsOwnerOf = (request: FastifyRequest): MediaOwner => ({
  userId: signedIn(request).user.id,
  purpose: captionsPurposeFor((request.query as { purpose: VideoPurpose }).purpose),
});

/** POST /api/videos/upload, /api/videos/upload-base64, /api/images/upload, /api/captions/upload. */
export function uploadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Scoped to these routes: nowhere else accepts multipart bodies.
    await app.register(multipart);
    // Probed in the background: startup does not wait for ffmpeg, the first upload might.
    const processor = detectVideoProcessor();
    void processor.then(({ name }) => ctx.log.info({ videoProcessor: name }, 'video processing'));
    const slots = createUploadSlots();
    app.addHook('preClose', async () => slots.close());
    registerLingeringClose(app);
    const slot = <T>(request: FastifyRequest, task: (signal: AbortSignal) => Promise<T>) =>
      slots.run(signedIn(request).user.id, task);

    app.post(
      '/videos/upload',
      {
        bodyLimit: VIDEO_MAX_BYTES + MULTIPART_OVERHEAD,
        // Checked before the body is read: anonymous callers are refused without sending 100 MB.
        config: { auth: 'user' },
        schema: {
          summary: 'Upload a video (multipart field `video`); answers its URL and poster.',
          tags: ['Media'],
          ...fileForm('video'),
          querystring: videoUploadQuerySchema,
          response: { 200: videoUploadResponseSchema, ...videoErrors },
        },
      },
      (request) =>
        slot(request, async (signal) => {
          const file = await filePart(request, 'video', VIDEO_MAX_BYTES, MEDIA_MESSAGES.noVideo);
          return storeVideoUpload(ctx, await processor, file, ownerOf(request), signal);
        }),
    );

    // Its own scope: JSON is handed over as the raw stream and decoded as it arrives
    // (ADR 0013), instead of Fastify's parser holding the whole body, then a string of it.
    await app.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', (_request, payload, done) =>
        done(null, payload),
      );
      scope.post(
        '/videos/upload-base64',
        {
          config: { auth: 'user' },
          schema: {
            summary: 'Upload a recorded clip as a base64 data URL in JSON.',
            tags: ['Media'],
            // Read as a stream (base64-json-body.ts), so the schema documents, not validates.
            documentedBody: uploadBase64Schema,
            querystring: videoUploadQuerySchema,
            response: { 200: videoUploadResponseSchema, ...videoErrors },
          },
        },
        (request) =>
          slot(request, async (signal) => {
            const length = request.headers['content-length'];
            const declared = length === undefined ? undefined : Number(length);
            // No body, or a non-JSON one Fastify parsed itself (text/plain): nothing to decode.
            const body = request.body;
            if (!(body instanceof Readable)) throw badRequest(MEDIA_MESSAGES.noVideo);
            return storeBase64Video(ctx, await processor, body, declared, ownerOf(request), signal);
          }),
      );
    });

    app.post(
      '/images/upload',
      {
        bodyLimit: IMAGE_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD,
        config: { auth: 'user' },
        schema: {
          summary: 'Upload an image (multipart field `image`); answers its URL.',
          tags: ['Media'],
          ...fileForm('image'),
          querystring: imageUploadQuerySchema,
          response: { 200: imageUploadResponseSchema, ...errors },
        },
      },
      (request) =>
        slot(request, async (signal) => {
          const missing = MEDIA_MESSAGES.noImage;
          const file = await filePart(request, 'image', IMAGE_UPLOAD_MAX_BYTES, missing);
          return storeImageUpload(ctx, file, ownerOf(request), signal);
        }),
    );

    app.post(
      '/captions/upload',
      {
        bodyLimit: CAPTIONS_MAX_BYTES + MULTIPART_OVERHEAD,
        config: { auth: 'user' },
        schema: {
          summary: 'Upload WebVTT captions (multipart field `captions`); answers their URL.',
          tags: ['Media'],
          ...fileForm('captions'),
          querystring: captionsUploadQuerySchema,
          response: { 200: captionsUploadResponseSchema, ...errors },
        },
      },
      (request) =>
        slot(request, async () => {
          const missing = CAPTIONS_MESSAGES.noFile;
          const file = await filePart(request, 'captions', CAPTIONS_MAX_BYTES, missing);
          return storeCaptionsUpload(ctx, file, captionsOwnerOf(request));
        }),
    );
  };
}

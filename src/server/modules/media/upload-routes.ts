import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contracts/common';
import { VIDEO_MAX_BYTES } from '@/contracts/limits';
import {
  IMAGE_UPLOAD_MAX_BYTES,
  imageUploadResponseSchema,
  MEDIA_MESSAGES,
  uploadBase64Schema,
  videoUploadResponseSchema,
} from '@/contracts/media';
import { detectVideoProcessor } from '../../adapters/media/ffmpeg-processor';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { storeBase64Video, storeImageUpload, storeVideoUpload } from './upload-service';

/** Room for the form's boundaries, part headers and a few small fields around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;
/** A 100 MB clip as base64 (4/3 larger) plus the JSON around it. */
const BASE64_BODY_LIMIT = Math.ceil((VIDEO_MAX_BYTES * 4) / 3) + MULTIPART_OVERHEAD;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 413: apiErrorSchema };

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

/** POST /api/videos/upload, /api/videos/upload-base64 and /api/images/upload. */
export function uploadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Scoped to these routes: nowhere else accepts multipart bodies.
    await app.register(multipart);
    // Probed in the background: startup does not wait for ffmpeg, the first upload might.
    const processor = detectVideoProcessor();
    void processor.then(({ name }) => ctx.log.info({ videoProcessor: name }, 'video processing'));

    app.post(
      '/videos/upload',
      {
        bodyLimit: VIDEO_MAX_BYTES + MULTIPART_OVERHEAD,
        // Checked before the body is read: anonymous callers are refused without sending 100 MB.
        config: { auth: 'user' },
        schema: { response: { 200: videoUploadResponseSchema, ...errors } },
      },
      async (request) => {
        const file = await filePart(request, 'video', VIDEO_MAX_BYTES, MEDIA_MESSAGES.noVideo);
        return storeVideoUpload(ctx, await processor, file);
      },
    );

    app.post(
      '/videos/upload-base64',
      {
        bodyLimit: BASE64_BODY_LIMIT,
        config: { auth: 'user' },
        schema: {
          body: uploadBase64Schema,
          response: { 200: videoUploadResponseSchema, ...errors },
        },
      },
      async (request) => storeBase64Video(ctx, await processor, request.body),
    );

    app.post(
      '/images/upload',
      {
        bodyLimit: IMAGE_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD,
        config: { auth: 'user' },
        schema: { response: { 200: imageUploadResponseSchema, ...errors } },
      },
      async (request) => {
        const missing = MEDIA_MESSAGES.noImage;
        const file = await filePart(request, 'image', IMAGE_UPLOAD_MAX_BYTES, missing);
        return storeImageUpload(ctx, file);
      },
    );
  };
}

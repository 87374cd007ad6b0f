import { z } from 'zod';
import { pathId, text } from './common';
import { BASE64_VIDEO_MAX_BYTES, PROFILE_PICTURE_MAX_BYTES } from './limits';

/** Uploaded images (covers, pictures) share the spec's 5 MB profile picture limit. */
export const IMAGE_UPLOAD_MAX_BYTES = PROFILE_PICTURE_MAX_BYTES;

/** The spec's words (sections 5 and 8) where it has them. */
export const MEDIA_MESSAGES = {
  /** Object storage (S3) cannot be reached or fails: a 503, try again later. */
  storageUnavailable: 'Storage is unavailable, please try again',
  invalidFile: 'Invalid File',
  noVideo: 'Please upload a video first.',
  videoTooLarge: 'Please upload a video smaller than 100MB.',
  noImage: 'Please select an image.',
  imageTooLarge: 'Image must be less than 5MB',
  uploadInterrupted: 'The upload was interrupted. Please try again.',
  base64TooLarge: `Please upload a video smaller than ${BASE64_VIDEO_MAX_BYTES / 1024 / 1024}MB.`,
  tooManyUploads: 'Too many uploads at once. Please wait for one to finish.',
  serverBusy: 'The server is busy with other uploads. Please try again in a moment.',
  restarting: 'Server is restarting, please try again',
} as const;

/** POST /api/videos/upload and /api/videos/upload-base64. */
export const videoUploadResponseSchema = z.object({
  url: z.string(),
  /** A JPEG frame of the video, or null when the server could not make one. */
  posterUrl: z.string().nullable(),
});
export type VideoUploadResponse = z.infer<typeof videoUploadResponseSchema>;

/**
 * A recorded clip sent as a data URL (`data:video/webm;base64,...`). The server reads
 * base64Data as it streams in (never as one string); the other fields are checked with
 * uploadBase64FieldsSchema.
 */
export const uploadBase64Schema = z.object({
  base64Data: text('Video', MEDIA_MESSAGES.noVideo).min(1, MEDIA_MESSAGES.noVideo),
  dareId: pathId.optional(),
});
export const uploadBase64FieldsSchema = uploadBase64Schema.omit({ base64Data: true });
export type UploadBase64Input = z.infer<typeof uploadBase64Schema>;

/** POST /api/images/upload. */
export const imageUploadResponseSchema = z.object({ url: z.string() });
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;

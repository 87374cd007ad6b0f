import { z } from 'zod';
import { pathId, text } from './common';
import { BASE64_VIDEO_MAX_BYTES, PROFILE_PICTURE_MAX_BYTES } from './limits';
import { PITCH_TOO_LONG_MESSAGE } from './media-values';

/** Uploaded images (covers, pictures) share the spec's 5 MB profile picture limit. */
export const IMAGE_UPLOAD_MAX_BYTES = PROFILE_PICTURE_MAX_BYTES;

/** The spec's words (sections 5 and 8) where it has them. */
export const MEDIA_MESSAGES = {
  /** Object storage (S3) cannot be reached or fails: a 503, try again later. */
  storageUnavailable: 'Storage is unavailable, please try again',
  invalidFile: 'Invalid File',
  noVideo: 'Please upload a video first.',
  videoTooLarge: 'Please upload a video smaller than 100MB.',
  pitchTooLong: PITCH_TOO_LONG_MESSAGE,
  noImage: 'Please select an image.',
  imageTooLarge: 'Image must be less than 5MB',
  uploadInterrupted: 'The upload was interrupted. Please try again.',
  base64TooLarge: `Please upload a video smaller than ${BASE64_VIDEO_MAX_BYTES / 1024 / 1024}MB.`,
  tooManyUploads: 'Too many uploads at once. Please wait for one to finish.',
  serverBusy: 'The server is busy with other uploads. Please try again in a moment.',
  restarting: 'Server is restarting, please try again',
  videoPurpose: 'Upload purpose must be pitch or proof',
  imagePurpose: 'Upload purpose must be cover or thumbnail',
} as const;

/**
 * What a stored file was uploaded for (decision 0031): recorded with who uploaded it, so a
 * file is used only for what its uploader sent it for (a proof must be the taker's proof).
 * The upload routes take `?purpose=` (videos: pitch by default, or proof; images: cover by
 * default, or thumbnail); pictures and covers sent as data URLs are avatar and cover; a
 * processed video's poster is poster.
 */
export const VIDEO_PURPOSES = ['pitch', 'proof'] as const;
export const IMAGE_PURPOSES = ['cover', 'thumbnail'] as const;
/** WebVTT captions of a pitch or of a proof (item 35): recorded as `<video purpose>-captions`. */
export const CAPTIONS_PURPOSES = ['pitch-captions', 'proof-captions'] as const;
export const MEDIA_PURPOSES = [
  ...VIDEO_PURPOSES,
  ...IMAGE_PURPOSES,
  'avatar',
  'poster',
  ...CAPTIONS_PURPOSES,
] as const;
export type MediaPurpose = (typeof MEDIA_PURPOSES)[number];
export type VideoPurpose = (typeof VIDEO_PURPOSES)[number];
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];

/** ?purpose= of POST /api/videos/upload and /api/videos/upload-base64. */
export const videoUploadQuerySchema = z.object({
  purpose: z.enum(VIDEO_PURPOSES, { error: MEDIA_MESSAGES.videoPurpose }).default('pitch'),
});
/** ?purpose= of POST /api/images/upload. */
export const imageUploadQuerySchema = z.object({
  purpose: z.enum(IMAGE_PURPOSES, { error: MEDIA_MESSAGES.imagePurpose }).default('cover'),
});

/** ?purpose= of POST /api/captions/upload: the video the captions go with. */
export const captionsUploadQuerySchema = videoUploadQuerySchema;
export const captionsPurposeFor = (video: VideoPurpose) => `${video}-captions` as const;

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
/** POST /api/captions/upload: the stored .vtt file's url. */
export const captionsUploadResponseSchema = z.object({ url: z.string() });

/** An attached captions file (a dare's pitch, a proof): one of our /media addresses, or none. */
export const captionsUrlField = text('Captions').max(2048).nullish();
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;

import type { ImagePurpose, VideoPurpose } from '@/contracts/media';
import { type UploadOptions, uploadWithProgress } from './upload-with-progress';

export interface UploadedVideo {
  url: string;
  posterUrl: string | null;
}

/** Spec section 8: a video file that did not reach the server. */
export const VIDEO_UPLOAD_FAILED = 'Failed to upload video';

/**
 * POST /api/videos/upload: the recorded or chosen clip as multipart field `video`, for a
 * purpose the server records with the uploader (a pitch unless said otherwise; a proof must
 * be uploaded as one, decision 0031).
 */
export function uploadVideo(
  file: Blob,
  fileName: string,
  options?: UploadOptions,
  purpose: VideoPurpose = 'pitch',
) {
  const path = `/api/videos/upload?purpose=${purpose}`;
  return uploadWithProgress<UploadedVideo>(path, 'video', file, fileName, {
    unsentMessage: VIDEO_UPLOAD_FAILED,
    ...options,
  });
}

/** The taker's proof video: only a video uploaded as a proof is taken as one. */
export const uploadProofVideo = (file: Blob, fileName: string, options?: UploadOptions) =>
  uploadVideo(file, fileName, options, 'proof');

/**
 * POST /api/images/upload: a picture as multipart field `image` (a cover unless said
 * otherwise, or a proof's thumbnail); answers its /media url.
 */
export function uploadImage(
  file: Blob,
  fileName: string,
  options?: UploadOptions,
  purpose: ImagePurpose = 'cover',
) {
  const path = `/api/images/upload?purpose=${purpose}`;
  return uploadWithProgress<{ url: string }>(path, 'image', file, fileName, options);
}

/**
 * POST /api/captions/upload: a WebVTT file as multipart field `captions`, for the pitch or
 * the proof it goes with (item 35); answers its /media url.
 */
function uploadCaptions(purpose: VideoPurpose) {
  return (file: Blob, fileName: string, options?: UploadOptions) =>
    uploadWithProgress<{ url: string }>(
      `/api/captions/upload?purpose=${purpose}`,
      'captions',
      file,
      fileName,
      options,
    );
}
export const uploadPitchCaptions = uploadCaptions('pitch');
export const uploadProofCaptions = uploadCaptions('proof');

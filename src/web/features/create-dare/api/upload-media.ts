import { type UploadOptions, uploadWithProgress } from './upload-with-progress';

export interface UploadedVideo {
  url: string;
  posterUrl: string | null;
}

/** Spec section 8: a video file that did not reach the server. */
export const VIDEO_UPLOAD_FAILED = 'Failed to upload video';

/** POST /api/videos/upload: the recorded or chosen clip as multipart field `video`. */
export function uploadVideo(file: Blob, fileName: string, options?: UploadOptions) {
  return uploadWithProgress<UploadedVideo>('/api/videos/upload', 'video', file, fileName, {
    unsentMessage: VIDEO_UPLOAD_FAILED,
    ...options,
  });
}

/** POST /api/images/upload: a cover picture as multipart field `image`; answers its /media url. */
export function uploadImage(file: Blob, fileName: string, options?: UploadOptions) {
  return uploadWithProgress<{ url: string }>(
    '/api/images/upload',
    'image',
    file,
    fileName,
    options,
  );
}

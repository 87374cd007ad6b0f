import { type UploadOptions, uploadWithProgress } from './upload-with-progress';

export interface UploadedVideo {
  url: string;
  posterUrl: string | null;
}

/** POST /api/videos/upload: the recorded or chosen clip as multipart field `video`. */
export function uploadVideo(file: Blob, fileName: string, options?: UploadOptions) {
  return uploadWithProgress<UploadedVideo>('/api/videos/upload', 'video', file, fileName, options);
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

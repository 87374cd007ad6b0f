/**
 * Recording containers in order of preference. MP4 (H.264/AAC) plays everywhere, Safari
 * included, so it wins when the browser can record it; WebM is Chrome's and Firefox's native
 * format and the server normalises it when ffmpeg is available.
 */
export const RECORDING_FORMATS = [
  'video/mp4;codecs=avc1,mp4a',
  'video/mp4',
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
] as const;

export interface RecordingFormat {
  /** Passed to MediaRecorder; undefined lets the browser pick its default. */
  mimeType: string | undefined;
  extension: 'mp4' | 'webm';
}

/** File extension for a recorded clip of this MIME type (what the upload's file name says). */
export function extensionFor(mimeType: string | undefined): RecordingFormat['extension'] {
  return mimeType?.startsWith('video/mp4') ? 'mp4' : 'webm';
}

/** The first format the browser can record, else its own default (usually WebM). */
export function pickRecordingFormat(isTypeSupported: (type: string) => boolean): RecordingFormat {
  const mimeType = RECORDING_FORMATS.find((type) => {
    try {
      return isTypeSupported(type);
    } catch {
      // Some older engines throw on codec strings they cannot parse.
      return false;
    }
  });
  return { mimeType, extension: extensionFor(mimeType) };
}

/**
 * The media contract's plain values (no zod), for the screens as well as the server.
 */
import { PITCH_VIDEO_SECONDS, PITCH_VIDEO_TOLERANCE_SECONDS } from './limits';

/** A pitch longer than PITCH_VIDEO_SECONDS (issue 19 item 23), in the spec's style. */
export const PITCH_TOO_LONG_MESSAGE = `Pitch video must be ${PITCH_VIDEO_SECONDS} seconds or less`;

/** The longest a pitch may measure: the limit and its tolerance (limits.ts says why). */
export const PITCH_MAX_MEASURED_SECONDS = PITCH_VIDEO_SECONDS + PITCH_VIDEO_TOLERANCE_SECONDS;

/**
 * WebVTT captions for a pitch or a proof (issue 19 item 35, decision 0035). A minute of
 * speech is about 1-2 KB of cues; 64 KiB is far beyond any 15 s pitch or proof clip.
 */
export const CAPTIONS_MAX_BYTES = 64 * 1024;
/** "WEBVTT" then a space, tab, line break or nothing: the WebVTT file signature. */
export const WEBVTT_SIGNATURE = /^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/;
export const CAPTIONS_MESSAGES = {
  noFile: 'Please select a captions file.',
  invalid: 'Captions must be a WebVTT (.vtt) file',
  tooLarge: 'Captions file must be smaller than 64KB',
  /** Attached to a dare or proof: only the uploader's own captions file, uploaded for it. */
  notYours: 'Captions must be a file you uploaded for this video',
  noVideo: 'Captions need a video to go with',
} as const;

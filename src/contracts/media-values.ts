/**
 * The media contract's plain values (no zod), for the screens as well as the server.
 */
import { PITCH_VIDEO_SECONDS, PITCH_VIDEO_TOLERANCE_SECONDS } from './limits';

/** A pitch longer than PITCH_VIDEO_SECONDS (issue 19 item 23), in the spec's style. */
export const PITCH_TOO_LONG_MESSAGE = `Pitch video must be ${PITCH_VIDEO_SECONDS} seconds or less`;

/** The longest a pitch may measure: the limit and its tolerance (limits.ts says why). */
export const PITCH_MAX_MEASURED_SECONDS = PITCH_VIDEO_SECONDS + PITCH_VIDEO_TOLERANCE_SECONDS;

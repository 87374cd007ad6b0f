import { withFileByteSource } from './byte-source';
import { ffprobeAvailable, ffprobeDurationSeconds } from './ffprobe-duration';
import type { SniffedType } from './media-types';
import { mp4DurationSeconds } from './mp4-duration';
import { webmDurationSeconds } from './webm-duration';

/**
 * How a video's length is measured (VIDEO_PROBE): `auto` asks ffprobe when it is on PATH and
 * reads the container header when it is not (or ffprobe cannot tell); `headers` only reads
 * the header, for hosts whose ffprobe is not to be used and for testing that path.
 */
export type VideoProbeMode = 'auto' | 'headers';

/** The length from the MP4/QuickTime (mvhd) or WebM (Info, else last block) header. */
export function headerDurationSeconds(path: string, type: SniffedType): Promise<number | null> {
  const read = type.extension === 'webm' ? webmDurationSeconds : mp4DurationSeconds;
  return withFileByteSource(path, read);
}

/**
 * The length of a stored (spooled) video in seconds, or null when neither ffprobe nor the
 * header can tell. A reader that fails on a malformed file counts as "cannot tell": the
 * caller decides what an unknown length means.
 */
export async function videoDurationSeconds(
  path: string,
  type: SniffedType,
  mode: VideoProbeMode,
): Promise<number | null> {
  const unknown = () => null;
  if (mode === 'auto' && (await ffprobeAvailable())) {
    const probed = await ffprobeDurationSeconds(path, type).catch(unknown);
    if (probed !== null) return probed;
  }
  return headerDurationSeconds(path, type).catch(unknown);
}

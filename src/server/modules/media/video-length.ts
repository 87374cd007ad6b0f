import { MEDIA_MESSAGES } from '@/contracts/media';
import { PITCH_MAX_MEASURED_SECONDS } from '@/contracts/media-values';
import { videoDurationSeconds } from '../../adapters/media/video-duration';
import type { VideoInput } from '../../adapters/media/video-processor';
import type { AppContext } from '../../context';
import { unprocessable } from '../../lib/errors';

/** The longest a video uploaded for `purpose` may be; proofs have no limit. */
export const maxSecondsFor = (purpose: string) =>
  purpose === 'pitch' ? PITCH_MAX_MEASURED_SECONDS : undefined;

/**
 * Refuses (422) a spooled video longer than `maxSeconds`, before anything is stored or
 * transcoded. Resolves whether the length was known: an unknown one passes (decision 0035:
 * the client measured it already, and the transcode's output is measured again).
 */
export async function checkVideoLength(
  ctx: AppContext,
  video: VideoInput,
  maxSeconds: number,
): Promise<boolean> {
  const seconds = await videoDurationSeconds(video.path, video.type, ctx.config.videoProbe);
  if (seconds === null) {
    ctx.log.info({ type: video.type.extension }, 'video length unknown; accepted');
    return false;
  }
  if (seconds > maxSeconds) throw unprocessable(MEDIA_MESSAGES.pitchTooLong, 'video_too_long');
  return true;
}

import { SUBMISSION_MESSAGES } from '@/contracts/submissions';
import type { AppContext } from '../../context';
import { badRequest, unprocessable } from '../../lib/errors';
import { checkCaptions } from '../media/captions';
import { isUploadOf, mediaFileOf } from '../media/media-files';
import { isOwnMedia, posterOf } from '../media/service';
import type { DareRow } from './resolve';

/**
 * What a proof may show (issue 19 item 5, decision 0031): a stored video that the taker
 * uploaded as a proof. Not an address of someone else's file, not the dare's own pitch
 * (shown in the feed, so anyone could name it), not a file uploaded for another purpose,
 * and not one older than the record of uploads (nobody's). Its thumbnail is the video's own
 * poster or an image the taker uploaded as a thumbnail; its captions, a WebVTT file the taker
 * uploaded as a proof's captions (decision 0035). Returns the thumbnail and captions to keep.
 */
export async function checkProofMedia(
  ctx: AppContext,
  dare: DareRow,
  userId: number,
  input: { videoUrl: string; thumbnailUrl?: string | null; captionsUrl?: string | null },
): Promise<{ thumbnailUrl: string | null; captionsUrl: string | null }> {
  const thumbnailUrl = await checkProofVideo(ctx, dare, userId, input);
  const captionsUrl = await checkCaptions(ctx.db, userId, {
    url: input.captionsUrl,
    video: input.videoUrl,
    purpose: 'proof-captions',
  });
  return { thumbnailUrl, captionsUrl };
}

async function checkProofVideo(
  ctx: AppContext,
  dare: DareRow,
  userId: number,
  input: { videoUrl: string; thumbnailUrl?: string | null },
): Promise<string | null> {
  if (!(await isOwnMedia(ctx, input.videoUrl, 'video'))) {
    throw badRequest(SUBMISSION_MESSAGES.notOurVideo);
  }
  if (input.videoUrl === dare.pitchVideo) throw unprocessable(SUBMISSION_MESSAGES.pitchIsNotProof);
  const video = await mediaFileOf(ctx.db, input.videoUrl);
  if (video?.uploaderId !== userId) throw unprocessable(SUBMISSION_MESSAGES.notYourVideo);
  if (video.purpose !== 'proof') throw unprocessable(SUBMISSION_MESSAGES.notUploadedAsProof);

  const poster = await posterOf(ctx, input.videoUrl);
  const thumbnailUrl = input.thumbnailUrl || poster;
  if (!thumbnailUrl || thumbnailUrl === poster) return thumbnailUrl;
  if (!(await isOwnMedia(ctx, thumbnailUrl, 'image'))) throw badRequest('Invalid File');
  if (!(await isUploadOf(ctx.db, thumbnailUrl, userId, ['thumbnail']))) {
    throw unprocessable(SUBMISSION_MESSAGES.notYourThumbnail);
  }
  return thumbnailUrl;
}

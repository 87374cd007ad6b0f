import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DARE_MESSAGES } from '@/contracts/dares';
import type { AppContext } from '../../context';
import { dares } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { checkCaptions } from '../media/captions';
import { isOwnMedia, posterOf } from '../media/service';
import { DARE_NOT_FOUND } from './service';

export const PITCH_VIDEO_MESSAGES = {
  notCreator: 'Only the creator can add the pitch video',
  hasPitch: 'This dare already has a pitch video',
  closed: 'This dare is no longer open',
} as const;

/**
 * Adds the pitch video to a dare created without one: the dare an accepted dare request
 * puts on the recipient's profile (DESIGN.md section 6), which reaches the feed only with a
 * pitch. Creator only, once (a guarded update: the pitch pledgers saw never changes), while
 * the dare is still funding, and only a video we stored (isOwnMedia), with its captions when
 * the creator uploaded some (decision 0035).
 */
export async function setPitchVideo(
  ctx: AppContext,
  dareId: number,
  userId: number,
  pitchVideo: string,
  captionsUrl?: string | null,
) {
  const [dare] = await ctx.db.select().from(dares).where(eq(dares.id, dareId)).limit(1);
  if (!dare) throw notFound(DARE_NOT_FOUND);
  if (dare.creatorId !== userId) throw forbidden(PITCH_VIDEO_MESSAGES.notCreator);
  if (dare.pitchVideo) throw conflict(PITCH_VIDEO_MESSAGES.hasPitch);
  if (!(await isOwnMedia(ctx, pitchVideo, 'video'))) throw badRequest(DARE_MESSAGES.pitchVideo);
  const pitchPoster = await posterOf(ctx, pitchVideo);
  const pitchCaptions = await checkCaptions(ctx.db, userId, {
    url: captionsUrl,
    video: pitchVideo,
    purpose: 'pitch-captions',
  });

  const [updated] = await ctx.db
    .update(dares)
    .set({ pitchVideo, pitchPoster, pitchCaptions, updatedAt: sql`now()` })
    .where(
      and(
        eq(dares.id, dareId),
        eq(dares.creatorId, userId),
        isNull(dares.pitchVideo),
        inArray(dares.status, ['pending', 'active']),
      ),
    )
    .returning();
  if (updated) return updated;
  const [now] = await ctx.db.select().from(dares).where(eq(dares.id, dareId)).limit(1);
  if (now?.pitchVideo) throw conflict(PITCH_VIDEO_MESSAGES.hasPitch);
  throw conflict(PITCH_VIDEO_MESSAGES.closed);
}

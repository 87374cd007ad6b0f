import { and, eq, inArray, isNotNull, notInArray, or, sql } from 'drizzle-orm';
import { keyFromMediaUrl } from '../../adapters/media/storage';
import type { AppContext } from '../../context';
import { dareRequests, dares, submissions, users } from '../../db/schema';
import { forgetMedia } from '../media/media-files';

/**
 * Step 4: the profile picture and the media of the account's failed dares (those the
 * deletion cancelled, and any that had failed before: nobody can see them on a profile
 * that is gone) are removed from storage, and the dares' columns cleared so no page points
 * at a missing file. A file some other row still shows (a dare request's cover reused by
 * the dare it became) stays. A storage failure throws: the deletion stays unfinished and
 * the retry removes what is left (removing a missing file is not an error).
 */
export async function removeAccountMedia(
  ctx: AppContext,
  userId: number,
  profilePicture: string | null,
) {
  const failed = await ctx.db
    .select({
      id: dares.id,
      pitchVideo: dares.pitchVideo,
      pitchPoster: dares.pitchPoster,
      pitchCaptions: dares.pitchCaptions,
      coverImage: dares.coverImage,
    })
    .from(dares)
    .where(
      and(
        eq(dares.creatorId, userId),
        eq(dares.status, 'failed'),
        or(
          isNotNull(dares.pitchVideo),
          isNotNull(dares.pitchPoster),
          isNotNull(dares.pitchCaptions),
          isNotNull(dares.coverImage),
        ),
      ),
    );
  const dareIds = failed.map((dare) => dare.id);
  const urls = new Set<string>();
  if (profilePicture) urls.add(profilePicture);
  for (const dare of failed) {
    for (const url of [dare.pitchVideo, dare.pitchPoster, dare.pitchCaptions, dare.coverImage]) {
      if (url) urls.add(url);
    }
  }
  for (const url of urls) {
    const key = keyFromMediaUrl(url);
    if (!key || (await stillShown(ctx, url, dareIds))) continue;
    await ctx.storage.delete(key);
    await forgetMedia(ctx.db, url);
  }
  if (dareIds.length > 0) {
    await ctx.db
      .update(dares)
      .set({ pitchVideo: null, pitchPoster: null, pitchCaptions: null, coverImage: null })
      .where(inArray(dares.id, dareIds));
  }
  return urls.size;
}

/** Whether a row other than the cleared dares still shows the file. */
async function stillShown(ctx: AppContext, url: string, clearedDareIds: number[]) {
  const others = clearedDareIds.length > 0 ? notInArray(dares.id, clearedDareIds) : undefined;
  const inDares = ctx.db
    .select({ one: sql`1` })
    .from(dares)
    .where(
      and(
        others,
        or(
          eq(dares.pitchVideo, url),
          eq(dares.pitchPoster, url),
          eq(dares.pitchCaptions, url),
          eq(dares.coverImage, url),
        ),
      ),
    );
  const inRequests = ctx.db
    .select({ one: sql`1` })
    .from(dareRequests)
    .where(eq(dareRequests.coverImage, url));
  const inProofs = ctx.db
    .select({ one: sql`1` })
    .from(submissions)
    .where(or(eq(submissions.videoUrl, url), eq(submissions.thumbnailUrl, url)));
  const inPictures = ctx.db
    .select({ one: sql`1` })
    .from(users)
    .where(eq(users.profilePicture, url));
  const result = (await ctx.db.execute(
    sql`select (exists (${inDares}) or exists (${inRequests}) or exists (${inProofs})
      or exists (${inPictures})) as shown`,
  )) as unknown as { rows: Array<{ shown: boolean }> };
  return Boolean(result.rows[0]?.shown);
}

import { and, eq, sql } from 'drizzle-orm';
import type { LikeState } from '@/contracts/social';
import type { AppContext } from '../../context';
import { dareLikes, dareSaves, dares, dareViews } from '../../db/schema';
import { lockDare } from './locks';
import { utcDay, type Viewer, viewerKey } from './viewer-key';

/*
 * Counters on dares move in the same transaction as the row that justifies them, and
 * only when that row really changed (ON CONFLICT DO NOTHING / DELETE ... RETURNING), so
 * repeated or concurrent requests never count twice. `x = x + 1` is evaluated against
 * the latest committed row, so concurrent increments by different users all land.
 */

/** Likes (liked = true) or unlikes a dare; doing it twice changes nothing. */
export async function setDareLike(
  ctx: AppContext,
  dareId: number,
  userId: number,
  liked: boolean,
): Promise<LikeState> {
  return ctx.db.transaction(async (tx) => {
    const dare = await lockDare(tx, dareId);
    const changed = liked
      ? await tx
          .insert(dareLikes)
          .values({ dareId, userId })
          .onConflictDoNothing()
          .returning({ userId: dareLikes.userId })
      : await tx
          .delete(dareLikes)
          .where(and(eq(dareLikes.dareId, dareId), eq(dareLikes.userId, userId)))
          .returning({ userId: dareLikes.userId });
    if (changed.length === 0) return { liked, likeCount: dare.likeCount };
    const [updated] = await tx
      .update(dares)
      .set({ likeCount: sql`${dares.likeCount} + ${liked ? 1 : -1}` })
      .where(eq(dares.id, dareId))
      .returning({ likeCount: dares.likeCount });
    return { liked, likeCount: updated!.likeCount };
  });
}

/** Saves (saved = true) or unsaves a dare for the user; idempotent. */
export async function setDareSave(
  ctx: AppContext,
  dareId: number,
  userId: number,
  saved: boolean,
): Promise<{ saved: boolean }> {
  return ctx.db.transaction(async (tx) => {
    await lockDare(tx, dareId);
    if (saved) {
      await tx.insert(dareSaves).values({ dareId, userId }).onConflictDoNothing();
    } else {
      await tx
        .delete(dareSaves)
        .where(and(eq(dareSaves.dareId, dareId), eq(dareSaves.userId, userId)));
    }
    return { saved };
  });
}

/** Counts a view of the dare, at most once per viewer per UTC day. */
export async function recordView(ctx: AppContext, dareId: number, viewer: Viewer): Promise<void> {
  const key = viewerKey(ctx.config.sessionSecret, viewer);
  await ctx.db.transaction(async (tx) => {
    await lockDare(tx, dareId);
    const inserted = await tx
      .insert(dareViews)
      .values({ dareId, viewerKey: key, day: utcDay() })
      .onConflictDoNothing()
      .returning({ day: dareViews.day });
    if (inserted.length === 0) return;
    await tx
      .update(dares)
      .set({ viewCount: sql`${dares.viewCount} + 1` })
      .where(eq(dares.id, dareId));
  });
}

import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  COMMENT_MESSAGES,
  type CommentView,
  type createCommentSchema,
  type LikeState,
} from '@/contracts/social';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { commentLikes, comments, dares, type users } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { recordProgress } from '../achievements/record-progress';
import { refuseIfBlocked } from '../blocks/is-blocked';
import { toCommentView } from './comment-list';
import { lockComment, lockDare } from './locks';

type NewComment = z.output<typeof createCommentSchema>;
type Author = typeof users.$inferSelect;

/** Adds a comment or a reply and counts it on the dare in the same transaction. */
export async function createComment(
  ctx: AppContext,
  dareId: number,
  author: Author,
  input: NewComment,
): Promise<CommentView> {
  return ctx.db.transaction(async (tx) => {
    const dare = await lockDare(tx, dareId);
    // Nobody comments on the dares of someone in a block with them (issue 21 item 5).
    await refuseIfBlocked(tx, author.id, dare.creatorId);
    const parentId = input.parentId ? await threadRoot(tx, dareId, input.parentId) : null;
    const [row] = await tx
      .insert(comments)
      .values({ dareId, userId: author.id, parentId, content: input.content })
      .returning();
    await tx
      .update(dares)
      .set({ commentCount: sql`${dares.commentCount} + 1` })
      .where(eq(dares.id, dareId));
    await recordProgress(tx, ctx.config.publicUrl, author.id, 'comments_posted');
    return toCommentView(row!, author, false);
  });
}

/**
 * The top-level comment a reply belongs in: threads are one level deep, so a reply to a
 * reply joins its thread. Only the root is locked: locking the reply too could deadlock
 * with the root's author deleting the whole thread (root first, then its replies).
 */
async function threadRoot(tx: Tx, dareId: number, parentId: number): Promise<number> {
  const [parent] = await tx
    .select({ dareId: comments.dareId, parentId: comments.parentId })
    .from(comments)
    .where(eq(comments.id, parentId));
  if (!parent) throw notFound(COMMENT_MESSAGES.parentNotFound);
  if (parent.dareId !== dareId) throw badRequest(COMMENT_MESSAGES.parentOtherDare);
  const root = await lockComment(tx, parent.parentId ?? parentId, COMMENT_MESSAGES.parentNotFound);
  return root.id;
}

/** Deletes the author's own comment with its replies; the dare's count drops by all of them. */
export async function deleteComment(ctx: AppContext, commentId: number, userId: number) {
  await ctx.db.transaction(async (tx) => {
    // FOR UPDATE waits for replies being added to this thread right now and keeps new
    // ones out, so the DELETE below sees every reply and the cascade removes no extra row.
    const [comment] = await tx
      .select({ userId: comments.userId, dareId: comments.dareId })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for('update');
    if (!comment) throw notFound(COMMENT_MESSAGES.notFound);
    if (comment.userId !== userId) throw forbidden(COMMENT_MESSAGES.notAuthor);
    const removed = await tx
      .delete(comments)
      .where(or(eq(comments.id, commentId), eq(comments.parentId, commentId)))
      .returning({ id: comments.id });
    if (removed.length === 0) return;
    await tx
      .update(dares)
      .set({ commentCount: sql`${dares.commentCount} - ${removed.length}` })
      .where(eq(dares.id, comment.dareId));
  });
}

/** Likes (liked = true) or unlikes a comment; idempotent, like the dare likes. */
export async function setCommentLike(
  ctx: AppContext,
  commentId: number,
  userId: number,
  liked: boolean,
): Promise<LikeState> {
  return ctx.db.transaction(async (tx) => {
    const comment = await lockComment(tx, commentId);
    const changed = liked
      ? await tx
          .insert(commentLikes)
          .values({ commentId, userId })
          .onConflictDoNothing()
          .returning({ userId: commentLikes.userId })
      : await tx
          .delete(commentLikes)
          .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)))
          .returning({ userId: commentLikes.userId });
    if (changed.length === 0) return { liked, likeCount: comment.likeCount };
    const [updated] = await tx
      .update(comments)
      .set({ likeCount: sql`${comments.likeCount} + ${liked ? 1 : -1}` })
      .where(eq(comments.id, commentId))
      .returning({ likeCount: comments.likeCount });
    return { liked, likeCount: updated!.likeCount };
  });
}

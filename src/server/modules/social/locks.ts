import { eq } from 'drizzle-orm';
import { COMMENT_MESSAGES } from '@/contracts/social';
import type { Tx } from '../../db/client';
import { comments, dares } from '../../db/schema';
import { notFound } from '../../lib/errors';

export const DARE_NOT_FOUND = 'Dare not found';

/*
 * FOR KEY SHARE keeps the row from being deleted until the transaction ends, so the
 * rows we then insert cannot point at a dare or comment that vanished in between
 * (which would be a foreign-key 500 instead of a 404). It does not conflict with the
 * counter updates other transactions make on the same row, so concurrent likes,
 * comments and views never wait on each other here.
 */

/** The dare's current counters, locked against deletion; 404 when there is no such dare. */
export async function lockDare(tx: Tx, dareId: number) {
  const [dare] = await tx
    .select({ id: dares.id, creatorId: dares.creatorId, likeCount: dares.likeCount })
    .from(dares)
    .where(eq(dares.id, dareId))
    .for('key share');
  if (!dare) throw notFound(DARE_NOT_FOUND);
  return dare;
}

/** The comment, locked against deletion; 404 with `message` when there is no such comment. */
export async function lockComment(
  tx: Tx,
  commentId: number,
  message: string = COMMENT_MESSAGES.notFound,
) {
  const [comment] = await tx
    .select({
      id: comments.id,
      dareId: comments.dareId,
      parentId: comments.parentId,
      likeCount: comments.likeCount,
    })
    .from(comments)
    .where(eq(comments.id, commentId))
    .for('key share');
  if (!comment) throw notFound(message);
  return comment;
}

import { and, asc, desc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DareUser } from '@/contracts/dares';
import type { CommentView, commentListQuerySchema } from '@/contracts/social';
import type { AppContext } from '../../context';
import { commentLikes, comments, dares, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { blockedWithSql } from '../blocks/block-sql';
import { isVisibleUserSql } from '../moderation/visibility-sql';
import { DARE_NOT_FOUND } from './locks';

type CommentRow = typeof comments.$inferSelect;
type ListQuery = z.output<typeof commentListQuerySchema>;

const authorColumns = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  profilePicture: users.profilePicture,
};

export function toCommentView(
  row: CommentRow,
  user: DareUser,
  isLiked: boolean,
  replies: CommentView[] = [],
): CommentView {
  return {
    id: row.id,
    dareId: row.dareId,
    parentId: row.parentId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    user: {
      id: user.id,
      username: user.username,
      displayName: user.displayName,
      profilePicture: user.profilePicture,
    },
    likeCount: row.likeCount,
    isLiked,
    replies,
  };
}

/**
 * The comments a viewer is shown (issue 21): none under review or removed, none by a
 * suspended or hidden author, none by someone in a block with the viewer. Over the
 * `comments` row joined with its author as `users`. The dare's count still counts them.
 */
function shownSql(viewerId: number | undefined): SQL {
  const blocked = viewerId ? sql` AND NOT ${blockedWithSql(viewerId, 'comments.user_id')}` : sql``;
  return sql`(comments.moderation_state IS NULL AND ${isVisibleUserSql('users')}${blocked})`;
}

/**
 * A page of top-level comments, newest first, each with all its replies oldest first.
 * Ordered by id rather than createdAt: ids follow insertion order and make `before` a
 * simple, stable cursor.
 */
export async function listComments(
  ctx: AppContext,
  dareId: number,
  viewerId: number | undefined,
  query: ListQuery,
): Promise<CommentView[]> {
  const [dare] = await ctx.db.select({ id: dares.id }).from(dares).where(eq(dares.id, dareId));
  if (!dare) throw notFound(DARE_NOT_FOUND);

  const top = await ctx.db
    .select({ comment: comments, user: authorColumns })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(
      and(
        eq(comments.dareId, dareId),
        isNull(comments.parentId),
        query.before ? lt(comments.id, query.before) : undefined,
        shownSql(viewerId),
      ),
    )
    .orderBy(desc(comments.id))
    .limit(query.limit);
  if (top.length === 0) return [];

  const replies = await ctx.db
    .select({ comment: comments, user: authorColumns })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(
      and(
        inArray(
          comments.parentId,
          top.map((r) => r.comment.id),
        ),
        shownSql(viewerId),
      ),
    )
    .orderBy(asc(comments.id));

  const liked = await likedByViewer(
    ctx,
    viewerId,
    [...top, ...replies].map((r) => r.comment.id),
  );
  const repliesByParent = new Map<number, CommentView[]>();
  for (const { comment, user } of replies) {
    const list = repliesByParent.get(comment.parentId!) ?? [];
    list.push(toCommentView(comment, user, liked.has(comment.id)));
    repliesByParent.set(comment.parentId!, list);
  }
  return top.map(({ comment, user }) =>
    toCommentView(comment, user, liked.has(comment.id), repliesByParent.get(comment.id)),
  );
}

async function likedByViewer(
  ctx: AppContext,
  viewerId: number | undefined,
  commentIds: number[],
): Promise<Set<number>> {
  if (viewerId === undefined || commentIds.length === 0) return new Set();
  const rows = await ctx.db
    .select({ commentId: commentLikes.commentId })
    .from(commentLikes)
    .where(and(eq(commentLikes.userId, viewerId), inArray(commentLikes.commentId, commentIds)));
  return new Set(rows.map((r) => r.commentId));
}

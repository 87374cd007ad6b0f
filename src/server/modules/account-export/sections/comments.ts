import { and, asc, eq, gt } from 'drizzle-orm';
import { comments, dares } from '../../../db/schema';
import { iso, type SectionReader } from './shared';

/** The account's comments and replies (replyTo: the comment it answered). */
export const readComments: SectionReader<'comments'> = async (tx, scope, after, limit) => {
  const rows = await tx
    .select({
      id: comments.id,
      dare: { id: dares.id, title: dares.title },
      replyTo: comments.parentId,
      content: comments.content,
      likeCount: comments.likeCount,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .innerJoin(dares, eq(dares.id, comments.dareId))
    .where(and(eq(comments.userId, scope.userId), gt(comments.id, after)))
    .orderBy(asc(comments.id))
    .limit(limit);
  return rows.map((row) => ({ key: row.id, row: { ...row, createdAt: iso(row.createdAt) } }));
};

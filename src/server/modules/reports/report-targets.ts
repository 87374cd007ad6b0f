import { and, eq, isNull } from 'drizzle-orm';
import type { ReportTargetType } from '@/contracts/reports';
import type { Db } from '../../db/client';
import {
  comments,
  conversationParticipants,
  dares,
  messages,
  submissions,
  users,
} from '../../db/schema';

/**
 * Whose content a report is about, if the reporter can see it (else null: the caller answers
 * 404, the same as for an id that never was). Dares, proofs and comments are public; a person
 * is there until deleted; a message only for the people in its conversation.
 */
export async function findReportTarget(
  db: Db,
  type: ReportTargetType,
  targetId: number,
  reporterId: number,
): Promise<{ ownerId: number } | null> {
  const [row] = await ownerQuery(db, type, targetId, reporterId);
  return row ?? null;
}

function ownerQuery(db: Db, type: ReportTargetType, targetId: number, reporterId: number) {
  switch (type) {
    case 'dare':
      return db.select({ ownerId: dares.creatorId }).from(dares).where(eq(dares.id, targetId));
    case 'submission':
      return db
        .select({ ownerId: submissions.userId })
        .from(submissions)
        .where(eq(submissions.id, targetId));
    case 'comment':
      return db
        .select({ ownerId: comments.userId })
        .from(comments)
        .where(eq(comments.id, targetId));
    case 'user':
      return db
        .select({ ownerId: users.id })
        .from(users)
        .where(and(eq(users.id, targetId), isNull(users.deletedAt)));
    case 'message':
      return db
        .select({ ownerId: messages.senderId })
        .from(messages)
        .innerJoin(
          conversationParticipants,
          and(
            eq(conversationParticipants.conversationId, messages.conversationId),
            eq(conversationParticipants.userId, reporterId),
          ),
        )
        .where(eq(messages.id, targetId));
  }
}

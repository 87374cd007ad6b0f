import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { conversationParticipants, messages, users } from '../../../db/schema';
import { iso, personColumns, type SectionReader } from './shared';

/**
 * Every message of the conversations the account is part of: the ones it sent and the ones
 * it received, each sender shown by their public face only.
 */
export const readMessages: SectionReader<'messages'> = async (tx, scope, after, limit) => {
  const mine = tx
    .select({ id: conversationParticipants.conversationId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.userId, scope.userId));
  const rows = await tx
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      sender: personColumns(users),
      content: messages.content,
      sentAt: messages.createdAt,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(and(inArray(messages.conversationId, mine), gt(messages.id, after)))
    .orderBy(asc(messages.id))
    .limit(limit);
  return rows.map((row) => ({
    key: row.id,
    row: {
      id: row.id,
      conversationId: row.conversationId,
      sentByYou: row.sender.id === scope.userId,
      sender: row.sender,
      content: row.content,
      sentAt: iso(row.sentAt),
    },
  }));
};

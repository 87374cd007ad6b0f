import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import { conversationParticipants, conversations, users } from '../../../db/schema';
import { iso, personColumns, type SectionReader } from './shared';

/** The conversations the account is part of, and who else is in each (their public face). */
export const readConversations: SectionReader<'conversations'> = async (
  tx,
  scope,
  after,
  limit,
) => {
  const mine = await tx
    .select({ id: conversations.id, startedAt: conversations.createdAt })
    .from(conversationParticipants)
    .innerJoin(conversations, eq(conversations.id, conversationParticipants.conversationId))
    .where(and(eq(conversationParticipants.userId, scope.userId), gt(conversations.id, after)))
    .orderBy(asc(conversations.id))
    .limit(limit);
  if (mine.length === 0) return [];
  const others = await tx
    .select({
      conversationId: conversationParticipants.conversationId,
      person: personColumns(users),
    })
    .from(conversationParticipants)
    .innerJoin(users, eq(users.id, conversationParticipants.userId))
    .where(
      and(
        inArray(
          conversationParticipants.conversationId,
          mine.map((row) => row.id),
        ),
        ne(conversationParticipants.userId, scope.userId),
      ),
    )
    .orderBy(asc(conversationParticipants.id));
  return mine.map((row) => ({
    key: row.id,
    row: {
      id: row.id,
      with: others.filter((o) => o.conversationId === row.id).map((o) => o.person),
      startedAt: iso(row.startedAt),
    },
  }));
};

import { and, desc, eq, sql } from 'drizzle-orm';
import type { ConversationView, Participant } from '@/contracts/conversations';
import { CONVERSATION_LIST_MAX } from '@/contracts/limits';
import type { Db, Tx } from '../../db/client';
import { reusableSql } from '../../db/reusable-statement';
import { conversations, conversationParticipants as me } from '../../db/schema';
import { messageShownSql } from './messages';

type LastMessageJson = { content: string; senderId: number; createdAt: string } | null;

/**
 * The caller's conversations in ONE query (no query per row): correlated subqueries give
 * each conversation its participants, its newest message and the caller's unread count
 * (others' messages after the caller's last read one). Most recent first.
 */
export async function listConversations(
  db: Db,
  userId: number,
  only?: number,
): Promise<ConversationView[]> {
  const rows = await db
    .select({
      id: conversations.id,
      createdAt: conversations.createdAt,
      updatedAt: conversations.updatedAt,
      participants: sql<Participant[]>`(
        SELECT json_agg(json_build_object('id', u.id, 'username', u.username,
          'displayName', u.display_name, 'profilePicture', u.profile_picture) ORDER BY p.id)
        FROM conversation_participants p JOIN users u ON u.id = p.user_id
        WHERE p.conversation_id = ${conversations.id})`,
      lastMessage: sql<LastMessageJson>`(
        SELECT json_build_object('content', m.content, 'senderId', m.sender_id,
          'createdAt', m.created_at)
        FROM messages m WHERE m.conversation_id = ${conversations.id}
          AND ${messageShownSql(userId, 'm')}
        ORDER BY m.id DESC LIMIT 1)`,
      unreadCount: sql<number>`(
        SELECT count(*)::int FROM messages m
        WHERE m.conversation_id = ${conversations.id}
          AND m.id > ${me.lastReadMessageId} AND m.sender_id <> ${me.userId}
          AND ${messageShownSql(userId, 'm')})`,
    })
    .from(me)
    .innerJoin(conversations, eq(conversations.id, me.conversationId))
    .where(and(eq(me.userId, userId), only ? eq(conversations.id, only) : undefined))
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(CONVERSATION_LIST_MAX);
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    participants: row.participants ?? [],
    lastMessage: row.lastMessage
      ? { ...row.lastMessage, createdAt: new Date(row.lastMessage.createdAt).toISOString() }
      : null,
    unreadCount: Number(row.unreadCount),
  }));
}

/** The caller's unread messages across every conversation (the Inbox tab's badge). */
export async function inboxUnreadCount(db: Db | Tx, userId: number): Promise<number> {
  const [count] = await inboxUnreadCounts(db, [userId]);
  return count!;
}

/** inboxUnreadCount of several people in one statement (a message's participants). */
export async function inboxUnreadCounts(db: Db | Tx, userIds: number[]): Promise<number[]> {
  const { rows } = await unreadCountsOf(db, { userIds });
  return rows.map((row) => Number(row.n));
}

/**
 * Per person, in the order given: others' messages they are shown, after their read mark,
 * over all their conversations. Built once (decision 0060): every message sent runs it.
 */
const unreadCountsOf = reusableSql<{ n: number }>(
  () => sql`
  SELECT (SELECT count(*)::int FROM messages
          JOIN conversation_participants me ON me.conversation_id = messages.conversation_id
          WHERE me.user_id = p.user_id AND messages.id > me.last_read_message_id
            AND messages.sender_id <> p.user_id AND ${messageShownSql(sql`p.user_id`)}) AS n
  FROM unnest(${sql.placeholder('userIds')}::int[]) WITH ORDINALITY AS p(user_id, position)
  ORDER BY p.position`,
);

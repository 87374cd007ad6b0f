import { and, desc, eq, lt, ne, type SQL, sql } from 'drizzle-orm';
import { CONVERSATION_ERRORS, type MessagePage, type MessageView } from '@/contracts/conversations';
import { MODERATION_MESSAGES } from '@/contracts/moderation-values';
import type { Db, Tx } from '../../db/client';
import { reusableSql, reusableStatement } from '../../db/reusable-statement';
import { conversationParticipants, messages, users } from '../../db/schema';
import { forbidden, notFound } from '../../lib/errors';
import { blockedBetweenSql } from '../blocks/is-blocked';
import { userIsVisibleSql } from '../moderation/visibility-sql';

/**
 * The messages a participant is shown (issue 21), over a messages row spelled `alias`:
 * their own always; another's only while it is not under review or removed and its sender
 * is neither suspended nor hidden. Pages, the list's last message and unread counts agree.
 * The viewer may be a column (the unread counts of several people in one statement).
 */
export function messageShownSql(viewerId: number | SQL, alias = 'messages'): SQL {
  const m = sql.raw(alias);
  return sql`(${m}.sender_id = ${viewerId} OR (${m}.moderation_state IS NULL
    AND ${userIsVisibleSql(`${alias}.sender_id`)}))`;
}

/**
 * Before a message is sent, in one statement (issue 23): the conversation's people, each
 * with whether they and the sender block each other. Someone else's conversation answers
 * 404 like a missing one; a block either way answers 403 (refuseIfBlocked's words).
 */
export async function recipientsOfMessage(db: Db, conversationId: number, senderId: number) {
  const people = await peopleOfConversation(db, { conversationId, senderId });
  if (!people.some((person) => person.userId === senderId)) {
    throw notFound(CONVERSATION_ERRORS.notFound);
  }
  const others = people.filter((person) => person.userId !== senderId);
  if (others.some((person) => person.blocked)) throw forbidden(MODERATION_MESSAGES.blocked);
  return people.map((person) => person.userId);
}

// Built once (decision 0060): every message sent reads it.
const peopleOfConversation = reusableStatement((db) =>
  db
    .select({
      userId: conversationParticipants.userId,
      blocked: blockedBetweenSql(
        sql.placeholder('senderId'),
        sql`${conversationParticipants.userId}`,
      ).mapWith(Boolean),
    })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.conversationId, sql.placeholder('conversationId'))),
);

/**
 * The caller's participant row, or the 404 anyone else gets: someone else's conversation
 * answers exactly like a missing one.
 */
export async function participantOf(db: Db | Tx, conversationId: number, userId: number) {
  const [row] = await db
    .select()
    .from(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, userId),
      ),
    )
    .limit(1);
  if (!row) throw notFound(CONVERSATION_ERRORS.notFound);
  return row;
}

/** A page of messages, newest page first (keyset on id), each page oldest first. */
export async function messagePage(
  db: Db,
  conversationId: number,
  viewerId: number,
  query: { cursor?: number; limit: number },
): Promise<MessagePage> {
  const rows = await db
    .select({
      message: messages,
      sender: {
        displayName: users.displayName,
        username: users.username,
        profilePicture: users.profilePicture,
      },
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(
      and(
        eq(messages.conversationId, conversationId),
        query.cursor ? lt(messages.id, query.cursor) : undefined,
        messageShownSql(viewerId),
      ),
    )
    .orderBy(desc(messages.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const oldest = page.at(-1)?.message.id;
  const readUpTo = await othersReadUpTo(db, conversationId, viewerId);
  return {
    items: page.reverse().map(({ message, sender }) => ({
      ...toMessageView(message, sender),
      // The viewer has read everything they are shown (the caller marks it so).
      read: message.senderId !== viewerId || message.id <= readUpTo,
    })),
    nextCursor: rows.length > query.limit ? String(oldest) : null,
  };
}

/** The newest message every other participant has read: own messages up to it show as read. */
async function othersReadUpTo(db: Db, conversationId: number, viewerId: number) {
  const [row] = await db
    .select({ upTo: sql<number>`coalesce(min(${conversationParticipants.lastReadMessageId}), 0)` })
    .from(conversationParticipants)
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        ne(conversationParticipants.userId, viewerId),
      ),
    );
  return Number(row?.upTo ?? 0);
}

/**
 * Moves the caller's read mark to the conversation's newest message (never backwards);
 * true when it moved (there was something unread).
 */
export async function markConversationRead(
  db: Db | Tx,
  conversationId: number,
  userId: number,
): Promise<boolean> {
  const newest = sql`coalesce((
    SELECT max(m.id) FROM messages m WHERE m.conversation_id = ${conversationId}), 0)`;
  const moved = await db
    .update(conversationParticipants)
    .set({ lastReadMessageId: newest })
    .where(
      and(
        eq(conversationParticipants.conversationId, conversationId),
        eq(conversationParticipants.userId, userId),
        sql`${conversationParticipants.lastReadMessageId} < ${newest}`,
      ),
    )
    .returning({ id: conversationParticipants.id });
  return moved.length > 0;
}

/**
 * Stores a message, bumps the conversation up the list and counts it read by its sender, in
 * one statement (data-modifying CTEs always run; drizzle wraps the embedded insert).
 */
export async function insertMessage(
  tx: Tx,
  conversationId: number,
  senderId: number,
  content: string,
): Promise<StoredMessage> {
  const result = await storeMessage(tx, { conversationId, senderId, content });
  const row = result.rows[0]!;
  return {
    id: Number(row.id),
    conversationId,
    senderId,
    content,
    createdAt: new Date(Number(row.created_ms)),
  };
}

// Built once (decision 0060).
const storeMessage = reusableSql<{ id: number; created_ms: number }>((db) => {
  const conversationId = sql.placeholder('conversationId');
  const senderId = sql.placeholder('senderId');
  const insert = db
    .insert(messages)
    .values({ conversationId, senderId, content: sql.placeholder('content') })
    .returning({ id: messages.id, createdAt: messages.createdAt });
  return sql`WITH m AS ${insert},
    bumped AS (UPDATE conversations SET updated_at = now() WHERE id = ${conversationId}),
    read AS (UPDATE conversation_participants SET last_read_message_id = (SELECT id FROM m)
      WHERE conversation_id = ${conversationId} AND user_id = ${senderId})
    SELECT id, floor(extract(epoch FROM created_at) * 1000)::float8 AS created_ms FROM m`;
});

type MessageRow = typeof messages.$inferSelect;
type StoredMessage = Pick<
  MessageRow,
  'id' | 'conversationId' | 'senderId' | 'content' | 'createdAt'
>;
type Sender = MessageView['sender'];

export function toMessageView(message: StoredMessage, sender: Sender): MessageView {
  return {
    id: message.id,
    conversationId: message.conversationId,
    senderId: message.senderId,
    content: message.content,
    read: false,
    createdAt: message.createdAt.toISOString(),
    sender,
  };
}

import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, ts, updatedAt } from './columns';
import { moderationState } from './enums';
import { users } from './users';

export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /**
     * `"<lower user id>:<higher user id>"` for a one-to-one conversation: the unique key makes
     * two concurrent "start a conversation" requests for the same pair create one row.
     */
    pairKey: text('pair_key'),
    createdAt: createdAt(),
    /** Bumped by every message: the inbox lists most recent first by it. */
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('conversations_pair_key').on(t.pairKey)],
);

export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: ts('joined_at').notNull().defaultNow(),
    /**
     * The newest message this participant has read (0: none). Unread = messages of others
     * with a higher id: one number per participant instead of a flag per message and reader.
     */
    lastReadMessageId: integer('last_read_message_id').notNull().default(0),
  },
  (t) => [
    uniqueIndex('conversation_participants_key').on(t.conversationId, t.userId),
    index('conversation_participants_user_idx').on(t.userId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    moderationState: moderationState('moderation_state'),
    createdAt: createdAt(),
  },
  (t) => [
    // Pages, the last message and unread counts all walk a conversation's messages by id.
    index('messages_conversation_id_idx').on(t.conversationId, t.id),
    check('messages_content_not_blank', sql`length(trim(${t.content})) > 0`),
  ],
);

/**
 * What a signed-in tab's event stream carries (GET /api/events, decision 0022): one row
 * per recipient, written in the transaction of its cause. Ids only grow, so a stream that
 * reconnects with `Last-Event-ID` reads what it missed from here.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_user_id_idx').on(t.userId, t.id)],
);

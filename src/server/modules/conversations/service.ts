import { and, eq, isNull } from 'drizzle-orm';
import {
  CONVERSATION_ERRORS,
  type ConversationView,
  type InboxUnread,
  type MessagePage,
  type MessageView,
} from '@/contracts/conversations';
import { MESSAGES_PER_MINUTE } from '@/contracts/limits';
import type { AppContext } from '../../context';
import { conversationParticipants, conversations, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { takeRateLimit } from '../../lib/rate-limit';
import { refuseIfBlocked } from '../blocks/is-blocked';
import { queueMessagePush } from '../push/queue-push';
import { inboxUnreadCount, listConversations } from './list-conversations';
import { publishMessage, publishUnread } from './live-events';
import {
  insertMessage,
  markConversationRead,
  messagePage,
  participantOf,
  recipientsOfMessage,
  toMessageView,
} from './messages';

type Caller = {
  id: number;
  username: string;
  displayName: string | null;
  profilePicture: string | null;
};

export { listConversations };

/**
 * POST /api/conversations: the one-to-one conversation between the caller and another user,
 * created the first time. The pair's unique key (lower:higher id) makes concurrent starts
 * for the same two people end in one row: the losers' insert does nothing and they read the
 * winner's, which is committed with its participants.
 */
export async function startConversation(
  ctx: AppContext,
  callerId: number,
  participantIds: number[],
): Promise<{ created: boolean; conversation: ConversationView }> {
  const others = [...new Set(participantIds)].filter((id) => id !== callerId);
  if (others.length === 0) throw badRequest(CONVERSATION_ERRORS.self);
  if (others.length > 1) throw badRequest(CONVERSATION_ERRORS.oneToOne);
  const otherId = others[0]!;
  const [other] = await ctx.db
    .select({ id: users.id })
    .from(users)
    // A deleted account (decision 0046) takes no new conversations.
    .where(and(eq(users.id, otherId), isNull(users.deletedAt)))
    .limit(1);
  if (!other) throw notFound(CONVERSATION_ERRORS.userNotFound);
  await refuseIfBlocked(ctx.db, callerId, otherId);

  const pairKey = [callerId, otherId].sort((a, b) => a - b).join(':');
  const created = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(conversations)
      .values({ pairKey })
      .onConflictDoNothing({ target: conversations.pairKey })
      .returning({ id: conversations.id });
    if (!row) return null;
    await tx.insert(conversationParticipants).values([
      { conversationId: row.id, userId: callerId },
      { conversationId: row.id, userId: otherId },
    ]);
    return row.id;
  });
  const conversationId =
    created ??
    (
      await ctx.db
        .select({ id: conversations.id })
        .from(conversations)
        .where(eq(conversations.pairKey, pairKey))
        .limit(1)
    )[0]!.id;
  const [conversation] = await listConversations(ctx.db, callerId, conversationId);
  return { created: created !== null, conversation: conversation! };
}

/** GET /api/conversations/{id}/messages: participants only; the newest page marks it read. */
export async function getMessages(
  ctx: AppContext,
  callerId: number,
  conversationId: number,
  query: { cursor?: number; limit: number },
): Promise<MessagePage> {
  await participantOf(ctx.db, conversationId, callerId);
  // Opening a conversation marks it read (spec section 4); older pages change nothing.
  if (!query.cursor) await markRead(ctx, conversationId, callerId);
  return messagePage(ctx.db, conversationId, callerId, query);
}

/** POST /api/conversations/{id}/messages: participants only, rate limited per sender. */
export async function sendMessage(
  ctx: AppContext,
  caller: Caller,
  conversationId: number,
  content: string,
): Promise<MessageView> {
  const { displayName, username, profilePicture } = caller;
  // One connection from the pool for the whole send (issue 23: a message is the hot write of
  // thousands of open inboxes). A send that fails gives its count back: it sent nothing (one
  // refused by the limit leaves the window as full as it was).
  return ctx.db.transaction(async (tx) => {
    // Membership and blocks in one read: someone else's conversation is refused first.
    const people = await recipientsOfMessage(tx, conversationId, caller.id);
    await takeRateLimit(tx, {
      key: `messages:user:${caller.id}`,
      limit: MESSAGES_PER_MINUTE,
      windowSeconds: 60,
    });
    const message = await insertMessage(tx, conversationId, caller.id, content);
    const view = toMessageView(message, { displayName, username, profilePicture });
    await publishMessage(tx, view, people);
    // The other side's devices with push on hear of it (decision 0053).
    await queueMessagePush(tx, { id: message.id, conversationId, senderId: caller.id });
    return view;
  });
}

/** POST /api/conversations/{id}/read: answers the caller's unread total that remains. */
export async function readConversation(
  ctx: AppContext,
  callerId: number,
  conversationId: number,
): Promise<InboxUnread> {
  await participantOf(ctx.db, conversationId, callerId);
  await markRead(ctx, conversationId, callerId);
  return { unreadCount: await inboxUnreadCount(ctx.db, callerId) };
}

/** The read mark moves, and the reader's other tabs hear the new unread total. */
async function markRead(ctx: AppContext, conversationId: number, userId: number) {
  await ctx.db.transaction(async (tx) => {
    if (await markConversationRead(tx, conversationId, userId)) {
      await publishUnread(tx, conversationId, userId);
    }
  });
}

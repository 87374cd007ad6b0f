import { eq } from 'drizzle-orm';
import type { MessageView } from '@/contracts/conversations';
import type { Tx } from '../../db/client';
import { conversationParticipants } from '../../db/schema';
import { publishLive } from '../live/publish';
import { inboxUnreadCount } from './list-conversations';

/** A new message reaches every participant's tabs (the sender's other tabs too). */
export async function publishMessage(tx: Tx, message: MessageView) {
  const people = await tx
    .select({ userId: conversationParticipants.userId })
    .from(conversationParticipants)
    .where(eq(conversationParticipants.conversationId, message.conversationId));
  const events = [];
  for (const { userId } of people) {
    events.push({
      userId,
      kind: 'message' as const,
      data: {
        conversationId: message.conversationId,
        message,
        unreadCount: await inboxUnreadCount(tx, userId),
      },
    });
  }
  await publishLive(tx, events);
}

/** The reader's inbox total after a read mark moved. */
export async function publishUnread(tx: Tx, conversationId: number, userId: number) {
  await publishLive(tx, [
    {
      userId,
      kind: 'unread',
      data: { conversationId, unreadCount: await inboxUnreadCount(tx, userId) },
    },
  ]);
}

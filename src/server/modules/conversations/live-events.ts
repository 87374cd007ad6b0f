import type { MessageView } from '@/contracts/conversations';
import type { Tx } from '../../db/client';
import { publishLive } from '../live/publish';
import { inboxUnreadCount, inboxUnreadCounts } from './list-conversations';

/**
 * A new message reaches every participant's tabs (the sender's other tabs too); `people`
 * are the conversation's participants, already read by the caller.
 */
export async function publishMessage(tx: Tx, message: MessageView, people: number[]) {
  const unread = await inboxUnreadCounts(tx, people);
  await publishLive(
    tx,
    people.map((userId, i) => ({
      userId,
      kind: 'message' as const,
      data: { conversationId: message.conversationId, message, unreadCount: unread[i]! },
    })),
  );
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

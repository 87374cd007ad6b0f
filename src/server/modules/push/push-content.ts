import { and, eq } from 'drizzle-orm';
import type { NotificationDataByKind, NotificationKind } from '@/contracts/notifications';
import { renderNotification } from '@/domain/notification-text';
import { messagePush, notificationPush, type PushPayload } from '@/domain/push-payload';
import type { Db } from '../../db/client';
import { conversationParticipants, messages, notifications, users } from '../../db/schema';

/** What a push job points at (the words are read when it is sent, never stored in the job). */
export type PushCause = { notificationId: number } | { messageId: number };

export type PushContent = { payload: PushPayload; urgency: 'normal' | 'high'; topic?: string };

/** Kinds worth waking a phone for at once: a vote with a deadline. Messages are too. */
const URGENT_KINDS: readonly NotificationKind[] = ['proof_submitted'];

/**
 * The push for `cause`, for the subscription's owner `userId`; null when there is nothing to
 * send any more: the row is gone, was seen in the app meanwhile (a read notification, a
 * conversation read past the message), belongs to someone else by now (the browser was
 * registered again by another account), or the message was hidden by moderation.
 */
export async function pushContent(
  db: Db,
  userId: number,
  cause: PushCause,
): Promise<PushContent | null> {
  if ('notificationId' in cause) {
    const [row] = await db
      .select()
      .from(notifications)
      .where(eq(notifications.id, cause.notificationId));
    if (!row || row.userId !== userId || row.readAt) return null;
    const kind = row.kind as NotificationKind;
    const rendered = renderNotification(
      kind,
      row.data as NotificationDataByKind[typeof kind],
      row.dareId,
    );
    return {
      payload: notificationPush(row.id, rendered),
      urgency: URGENT_KINDS.includes(kind) ? 'high' : 'normal',
    };
  }
  const [row] = await db
    .select({
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      content: messages.content,
      moderationState: messages.moderationState,
      senderName: users.displayName,
      senderUsername: users.username,
      readUpTo: conversationParticipants.lastReadMessageId,
    })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .innerJoin(
      conversationParticipants,
      and(
        eq(conversationParticipants.conversationId, messages.conversationId),
        eq(conversationParticipants.userId, userId),
      ),
    )
    .where(eq(messages.id, cause.messageId));
  if (!row || row.senderId === userId || row.moderationState !== null) return null;
  if ((row.readUpTo ?? 0) >= cause.messageId) return null;
  const payload = messagePush({
    conversationId: row.conversationId,
    senderName: row.senderName ?? row.senderUsername,
    content: row.content,
  });
  // A phone that was off gets the conversation's newest message only (RFC 8030 Topic).
  return { payload, urgency: 'high', topic: payload.tag };
}

import { sql } from 'drizzle-orm';
import { PUSH_MAX_ATTEMPTS } from '@/contracts/limits';
import type { NotificationKind } from '@/contracts/notifications';
import { PUSHED_NOTIFICATION_KINDS } from '@/contracts/push';
import type { Tx } from '../../db/client';
import { reusableSql } from '../../db/reusable-statement';
import { isSuspendedSql } from '../moderation/suspension-sql';
import { SEND_PUSH_JOB } from './send-push';

/**
 * THE way a push is queued (decision 0053), in the transaction of what it tells about: one
 * 'send-push' job per subscription of the person (so one device's failures and retries never
 * repeat a push to the others), in a single statement that queues nothing for an account
 * without subscriptions. The job carries ids only; the words are read when it runs.
 *
 * Called by notify() (the one way notifications are made) for PUSHED_NOTIFICATION_KINDS,
 * only while the kind's Notification Settings switch is on (the same per-kind choice as its
 * email, email_preferences; an address's unsubscribe link is about email only), and by
 * sendMessage for a new message to each other participant. A suspended or deleted account's
 * devices get nothing (its sessions ended; a device whose session had expired remains).
 */
export async function queueNotificationPush(
  tx: Tx,
  notification: { id: number; userId: number; kind: NotificationKind },
): Promise<void> {
  if (!PUSHED_NOTIFICATION_KINDS.includes(notification.kind)) return;
  await tx.execute(sql`
    INSERT INTO jobs (kind, payload, max_attempts)
    SELECT ${SEND_PUSH_JOB},
           jsonb_build_object('subscriptionId', s.id, 'notificationId', ${notification.id}::int),
           ${PUSH_MAX_ATTEMPTS}
    FROM push_subscriptions s
    JOIN users u ON u.id = s.user_id
    WHERE s.user_id = ${notification.userId}
      AND u.deleted_at IS NULL AND NOT ${isSuspendedSql('u')}
      AND NOT EXISTS (
        SELECT 1 FROM email_preferences p
        WHERE p.user_id = s.user_id AND p.kind = ${notification.kind} AND NOT p.email_enabled)`);
}

/** A new message: pushed to every other participant's devices. */
export async function queueMessagePush(
  tx: Tx,
  message: { id: number; conversationId: number; senderId: number },
): Promise<void> {
  await queueMessagePushJobs(tx, {
    messageId: message.id,
    conversationId: message.conversationId,
    senderId: message.senderId,
  });
}

// Built once (decision 0060): every message sent runs it.
const queueMessagePushJobs = reusableSql(
  () => sql`
    INSERT INTO jobs (kind, payload, max_attempts)
    SELECT ${SEND_PUSH_JOB},
           jsonb_build_object('subscriptionId', s.id,
             'messageId', ${sql.placeholder('messageId')}::int),
           ${PUSH_MAX_ATTEMPTS}
    FROM conversation_participants cp
    JOIN push_subscriptions s ON s.user_id = cp.user_id
    JOIN users u ON u.id = s.user_id
    WHERE cp.conversation_id = ${sql.placeholder('conversationId')}
      AND cp.user_id <> ${sql.placeholder('senderId')}
      AND u.deleted_at IS NULL AND NOT ${isSuspendedSql('u')}`,
);

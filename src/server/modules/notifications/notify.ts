import { and, count, eq, isNull } from 'drizzle-orm';
import type { LiveEventData } from '@/contracts/live';
import { IN_APP_ONLY_KINDS, type NotificationInput } from '@/contracts/notifications';
import type { Tx } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { notificationEmail } from '../email/template';
import { publishLive } from '../live/publish';
import { queueNotificationPush } from '../push/queue-push';
import { queueEmail } from './outbox';

/**
 * Writes one notification and queues its email, inside the caller's transaction: both
 * exist exactly when the change they tell about committed (a rolled back cause leaves
 * neither), and a cause applied once (guarded transitions) notifies once.
 *
 * The in-app row is always written; the email only for kinds that have one (not
 * IN_APP_ONLY_KINDS) and when the user's Notification Settings keep the kind on and the
 * address did not unsubscribe from it (queueEmail decides); a push to each of the user's
 * devices with push on, for the pushed kinds the settings keep on (queueNotificationPush,
 * decision 0053).
 */
export async function notify(tx: Tx, publicUrl: string, input: NotificationInput): Promise<void> {
  const [user] = await tx
    .select({
      email: users.email,
      name: users.displayName,
      username: users.username,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, input.userId));
  // A deleted account hears nothing more: its own deletion's releases and cancellations
  // included (its old address gets one confirmation instead; decision 0046).
  if (!user || user.deletedAt) return;
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      kind: input.kind,
      dareId: input.dareId,
      data: input.data,
    })
    .returning({ id: notifications.id });
  // The user's open tabs hear of it (GET /api/events, decision 0022) with the new count.
  const [unread] = await tx
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, input.userId), isNull(notifications.readAt)));
  await publishLive(tx, [
    {
      userId: input.userId,
      kind: 'notification',
      data: {
        notificationId: row!.id,
        unreadCount: Number(unread?.n ?? 0),
        dareId: input.dareId,
      } satisfies LiveEventData['notification'],
    },
  ]);
  await queueNotificationPush(tx, { id: row!.id, userId: input.userId, kind: input.kind });
  if (IN_APP_ONLY_KINDS.includes(input.kind)) return;
  await queueEmail(tx, notificationEmail(publicUrl, user.email, user.name ?? user.username, input));
}

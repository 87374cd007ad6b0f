import { sql } from 'drizzle-orm';
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
  // One round trip (decision 0054): the user, the notification written only for an account
  // that is not deleted (a deleted account hears nothing more: its own deletion's releases
  // and cancellations included; its old address gets one confirmation instead, decision
  // 0046), and the unread count with it (the new row is not in the statement's snapshot: +1).
  const result = (await tx.execute(sql`
    WITH u AS (
      SELECT email, display_name, username FROM ${users}
      WHERE id = ${input.userId} AND deleted_at IS NULL
    ), inserted AS (
      INSERT INTO ${notifications} (user_id, kind, dare_id, data)
      SELECT ${input.userId}, ${input.kind}, ${input.dareId}::int, ${JSON.stringify(input.data)}::jsonb
      FROM u
      RETURNING id
    )
    SELECT u.email, u.display_name, u.username, inserted.id,
      (SELECT count(*) FROM ${notifications}
        WHERE user_id = ${input.userId} AND read_at IS NULL)::int + 1 AS unread
    FROM u JOIN inserted ON true`)) as unknown as {
    rows: Array<{
      email: string;
      display_name: string | null;
      username: string;
      id: number;
      unread: number;
    }>;
  };
  const written = result.rows[0];
  if (!written) return;
  const row = { id: Number(written.id) };
  const user = { email: written.email, name: written.display_name, username: written.username };
  const unread = { n: Number(written.unread) };
  await publishLive(tx, [
    {
      userId: input.userId,
      kind: 'notification',
      data: {
        notificationId: row.id,
        unreadCount: Number(unread?.n ?? 0),
        dareId: input.dareId,
      } satisfies LiveEventData['notification'],
    },
  ]);
  await queueNotificationPush(tx, { id: row.id, userId: input.userId, kind: input.kind });
  if (IN_APP_ONLY_KINDS.includes(input.kind)) return;
  await queueEmail(tx, notificationEmail(publicUrl, user.email, user.name ?? user.username, input));
}

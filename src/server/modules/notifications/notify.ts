import { eq } from 'drizzle-orm';
import type { NotificationInput } from '@/contracts/notifications';
import { renderNotification } from '@/domain/notification-text';
import type { Tx } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { escapeHtml, type OutgoingEmail, queueEmail } from './outbox';

/**
 * Writes one notification and queues its email, inside the caller's transaction: both
 * exist exactly when the change they tell about committed (a rolled back cause leaves
 * neither), and a cause applied once (guarded transitions) notifies once.
 *
 * Every kind is emailed for now; per-kind email settings come later and can filter on the
 * kind, which stays in the row.
 */
export async function notify(tx: Tx, publicUrl: string, input: NotificationInput): Promise<void> {
  const [user] = await tx
    .select({ email: users.email, name: users.displayName, username: users.username })
    .from(users)
    .where(eq(users.id, input.userId));
  if (!user) return;
  await tx.insert(notifications).values({
    userId: input.userId,
    kind: input.kind,
    dareId: input.dareId,
    data: input.data,
  });
  await queueEmail(tx, notificationEmail(publicUrl, user.email, user.name ?? user.username, input));
}

/** Subject = the notification's line; text and HTML parts with the same words and link. */
export function notificationEmail(
  publicUrl: string,
  to: string,
  name: string,
  input: NotificationInput,
): OutgoingEmail {
  const { text, detail, href } = renderNotification(input.kind, input.data as never, input.dareId);
  const link = `${publicUrl}${href}`;
  return {
    to,
    subject: text,
    text: [`Hi ${name},`, '', `${text}.`, detail, '', link].join('\n'),
    html: [
      `<p>Hi ${escapeHtml(name)},</p>`,
      `<p><strong>${escapeHtml(text)}.</strong><br>${escapeHtml(detail)}</p>`,
      `<p><a href="${escapeHtml(link)}">Open in Darefund</a></p>`,
    ].join('\n'),
  };
}

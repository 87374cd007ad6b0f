import { desc } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { mailOutbox } from '../../db/schema';
import { composeEmail } from '../email/compose';

/** How many messages /dev/mail shows: the newest; older ones are in the database. */
export const DEV_MAIL_LIMIT = 100;

export type OutboxMessage = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
  sentAt: string | null;
  error: string | null;
};

/**
 * The outbox, newest first (development only: emails hold links that act for people), each
 * message as it is sent: the layout with its footer and unsubscribe link around the body.
 */
export async function listOutbox(ctx: AppContext): Promise<OutboxMessage[]> {
  const rows = await ctx.db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(DEV_MAIL_LIMIT);
  return rows.map((row) => {
    const sent = composeEmail(ctx.config, row);
    return {
      id: row.id,
      to: row.to,
      subject: row.subject,
      text: sent.text,
      html: sent.html,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      error: row.error,
    };
  });
}

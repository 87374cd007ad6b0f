import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { ACCOUNT_EMAIL_KIND } from '../email/kinds';
import { emailAllowedSql } from '../email/preferences';

export type OutgoingEmail = {
  to: string;
  subject: string;
  /** The body; the layout (header, footer, unsubscribe link) is added when it is sent. */
  text: string;
  html: string;
  /** What it is about: a notification kind, 'challenge_invitation'... ('general' if unsaid). */
  kind?: string;
  /** The recipient's account, when there is one: its Notification Settings apply. */
  userId?: number;
};

/**
 * The one writer of mail_outbox: every email is queued inside the transaction of what it
 * tells about, so it exists exactly when that change committed. An address that
 * unsubscribed from the kind, or an account that turned it off, gets nothing (returns
 * null; else the row's id).
 * The job runner's tick sends it within seconds when SMTP is set (decision 0020).
 */
export async function queueEmail(tx: Tx, email: OutgoingEmail): Promise<number | null> {
  const kind = email.kind ?? 'general';
  const optional = kind !== ACCOUNT_EMAIL_KIND;
  // The insert guarded by the recipient's choices: asked and written in one statement.
  const allowed = optional
    ? emailAllowedSql({ to: email.to, kind, userId: email.userId })
    : sql`true`;
  const result = (await tx.execute(sql`
    INSERT INTO ${mailOutbox} ("to", subject, text, html, kind, user_id)
    SELECT ${email.to}, ${email.subject}, ${email.text}, ${email.html}, ${kind},
           ${email.userId ?? null}::int
    WHERE ${allowed}
    RETURNING id`)) as unknown as { rows: Array<{ id: number }> };
  const row = result.rows[0];
  return row ? Number(row.id) : null;
}

export { escapeHtml } from '../email/template';

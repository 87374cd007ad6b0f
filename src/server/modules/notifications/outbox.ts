import type { Tx } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export type OutgoingEmail = { to: string; subject: string; text: string; html: string };

/**
 * The one writer of mail_outbox: every email is queued inside the transaction of what it
 * tells about, so it exists exactly when that change committed. Sending is a later step.
 */
export async function queueEmail(tx: Tx, email: OutgoingEmail): Promise<void> {
  await tx.insert(mailOutbox).values(email);
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** User text (titles, names) goes into HTML escaped. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

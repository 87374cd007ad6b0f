import type { MailMessage } from '../../adapters/mail/mailer';
import type { Config } from '../../config';
import type { mailOutbox } from '../../db/schema';
import { escapeHtml, htmlFromText } from './template';
import { signUnsubscribeToken } from './unsubscribe-token';

type OutboxRow = Pick<
  typeof mailOutbox.$inferSelect,
  'id' | 'to' | 'subject' | 'text' | 'html' | 'kind' | 'userId' | 'createdAt'
>;

export const unsubscribeUrl = (config: Config, row: Pick<OutboxRow, 'to' | 'kind' | 'userId'>) =>
  `${config.publicUrl}/unsubscribe?token=${signUnsubscribeToken(config.sessionSecret, {
    email: row.to,
    kind: row.kind,
    ...(row.userId !== null ? { userId: row.userId } : {}),
  })}`;

/**
 * The message as it is sent (and shown at /dev/mail): the queued body inside the layout
 * (header, body, footer), both parts, and the List-Unsubscribe headers of RFC 2369/8058 so
 * mail apps offer one-click unsubscribe. Done when sending rather than when queueing: every
 * caller of queueEmail gets the layout and a working link without knowing the secret.
 */
export function composeEmail(config: Config, row: OutboxRow): MailMessage {
  const unsubscribe = unsubscribeUrl(config, row);
  const settings = `${config.publicUrl}/profile?settings=notifications`;
  const text = [
    'Darefund',
    '',
    row.text,
    '',
    '--',
    `Unsubscribe from emails like this: ${unsubscribe}`,
    `Choose which emails you get: ${settings}`,
  ].join('\n');
  const body = row.html ?? htmlFromText(row.text);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(row.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e4e4e7;font-size:20px;font-weight:700;color:#d91b4c">Darefund</td></tr>
<tr><td style="padding:24px;font-size:15px">
${body}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e4e7;font-size:12px;color:#71717a;line-height:1.5">
<a href="${escapeHtml(unsubscribe)}" style="color:#71717a">Unsubscribe from emails like this</a> · <a href="${escapeHtml(settings)}" style="color:#71717a">Choose which emails you get</a>
</td></tr>
</table></td></tr></table>
</body></html>`;
  return {
    from: config.mail.from,
    to: row.to,
    subject: row.subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    messageId: `<outbox-${row.id}.${row.createdAt.getTime()}@${new URL(config.publicUrl).hostname}>`,
  };
}

import type { NotificationInput } from '@/contracts/notifications';
import { renderNotification } from '@/domain/notification-text';
import type { OutgoingEmail } from '../notifications/outbox';

/**
 * The one template set of every email: a body (greeting, headline, detail, one button)
 * rendered as text and HTML from the same words, and the layout around it (header, footer
 * with the unsubscribe link) in layout.ts. User text always goes into HTML escaped.
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export type EmailBody = {
  greeting?: string;
  headline: string;
  paragraphs?: string[];
  action?: { label: string; url: string };
};

/** Both parts of a body; the HTML carries the same words, escaped, and the link as a button. */
export function renderBody(body: EmailBody): { text: string; html: string } {
  const paragraphs = (body.paragraphs ?? []).filter(Boolean);
  const text = [
    ...(body.greeting ? [body.greeting, ''] : []),
    body.headline,
    ...paragraphs.flatMap((p) => ['', p]),
    ...(body.action ? ['', `${body.action.label}: ${body.action.url}`] : []),
  ].join('\n');
  const p = (inner: string) => `<p style="margin:0 0 16px;line-height:1.5">${inner}</p>`;
  const html = [
    ...(body.greeting ? [p(escapeHtml(body.greeting))] : []),
    p(`<strong>${escapeHtml(body.headline)}</strong>`),
    ...paragraphs.map((paragraph) => p(escapeHtml(paragraph))),
    ...(body.action
      ? [
          p(
            `<a href="${escapeHtml(body.action.url)}" style="display:inline-block;padding:10px 18px;border-radius:8px;background:#d91b4c;color:#ffffff;text-decoration:none;font-weight:600">${escapeHtml(body.action.label)}</a>`,
          ),
        ]
      : []),
  ].join('\n');
  return { text, html };
}

/** A plain-text body from a caller that gave no HTML: escaped paragraphs, links clickable. */
export function htmlFromText(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => {
      const escaped = escapeHtml(paragraph).replace(/\n/g, '<br>');
      const linked = escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
      return `<p style="margin:0 0 16px;line-height:1.5">${linked}</p>`;
    })
    .join('\n');
}

/** A notification's email: subject = its line; the same words and link as the app. */
export function notificationEmail(
  publicUrl: string,
  to: string,
  name: string,
  input: NotificationInput,
): OutgoingEmail {
  const { text, detail, href } = renderNotification(input.kind, input.data as never, input.dareId);
  return {
    to,
    subject: text,
    kind: input.kind,
    userId: input.userId,
    ...renderBody({
      greeting: `Hi ${name},`,
      headline: `${text}.`,
      paragraphs: [detail],
      action: { label: 'Open in Darefund', url: `${publicUrl}${href}` },
    }),
  };
}

import { escapeHtml } from '../notifications/outbox';
import { DEV_MAIL_LIMIT, type OutboxMessage } from './outbox-list';

/**
 * The page's own policy: its inline styles, and the messages' HTML in sandboxed srcdoc
 * frames (no scripts run there; a link may open the app in the top window on a click).
 */
export const DEV_MAIL_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src * data:; frame-src 'self' about:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const STYLE = `
body{font:15px/1.45 system-ui,sans-serif;margin:0;background:#f4f4f5;color:#18181b}
header{padding:16px;background:#18181b;color:#fff}h1{margin:0;font-size:20px}
header p{margin:4px 0 0;color:#a1a1aa;font-size:13px}
main{padding:12px;display:flex;flex-direction:column;gap:12px;max-width:760px;margin:0 auto}
article{background:#fff;border:1px solid #e4e4e7;border-radius:12px;padding:12px;overflow:hidden}
h2{margin:0 0 4px;font-size:16px;overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 8px;margin:0 0 8px;font-size:13px}
dt{color:#71717a}dd{margin:0;overflow-wrap:anywhere}
.state{display:inline-block;padding:1px 8px;border-radius:999px;font-size:12px;font-weight:600}
.queued{background:#fef3c7;color:#92400e}.sent{background:#dcfce7;color:#166534}
.error{background:#fee2e2;color:#991b1b}
iframe{width:100%;height:240px;border:1px solid #e4e4e7;border-radius:8px;background:#fff}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#fafafa;border:1px solid #e4e4e7;
border-radius:8px;padding:8px;margin:8px 0 0;font-size:13px}
h3{font-size:12px;text-transform:uppercase;letter-spacing:.04em;color:#71717a;margin:10px 0 4px}
a{color:#7c3aed}.empty{text-align:center;color:#71717a;padding:40px 0}`;

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** Escaped text with its web addresses as links (opening in this window, like a mail client would hand over). */
export function linkify(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    out += escapeHtml(text.slice(last, match.index));
    const url = escapeHtml(match[0]);
    out += `<a href="${url}">${url}</a>`;
    last = match.index + match[0].length;
  }
  return out + escapeHtml(text.slice(last));
}

function state(message: OutboxMessage): string {
  if (message.sentAt) return `<span class="state sent">Sent ${escapeHtml(message.sentAt)}</span>`;
  if (message.error) {
    return `<span class="state error">Error</span> ${escapeHtml(message.error)}`;
  }
  return '<span class="state queued">Queued</span>';
}

function renderMessage(message: OutboxMessage): string {
  // Links in the message open in the top window: what clicking them in a mail client does.
  const frame = message.html
    ? `<h3>HTML</h3><iframe title="HTML part of message ${message.id}" sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation" srcdoc="${escapeHtml(`<base target="_top">${message.html}`)}"></iframe>`
    : '';
  return `<article aria-labelledby="m${message.id}">
<h2 id="m${message.id}">${escapeHtml(message.subject)}</h2>
<dl><dt>To</dt><dd>${escapeHtml(message.to)}</dd>
<dt>Created</dt><dd><time datetime="${escapeHtml(message.createdAt)}">${escapeHtml(message.createdAt)}</time></dd>
<dt>State</dt><dd>${state(message)}</dd></dl>
${frame}<h3>Text</h3><pre>${linkify(message.text)}</pre></article>`;
}

/** /dev/mail: every queued email, newest first, each rendered as the recipient would see it. */
export function renderMailPage(messages: OutboxMessage[]): string {
  const body = messages.length
    ? messages.map(renderMessage).join('\n')
    : '<p class="empty">No emails yet.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · Darefund development</title><style>${STYLE}</style></head>
<body><header><h1>Outbox</h1><p>Development only: ${messages.length} ${messages.length === 1 ? 'email' : 'emails'}, newest first (at most ${DEV_MAIL_LIMIT}). JSON: <a href="/api/dev/mail">/api/dev/mail</a></p></header>
<main>${body}</main></body></html>`;
}

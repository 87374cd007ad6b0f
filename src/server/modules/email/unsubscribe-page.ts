import { escapeHtml } from './template';

export type UnsubscribePageState =
  /** GET: what the link would turn off, and the button that does it (posts to `action`). */
  | { state: 'confirm'; label: string; action: string }
  | { state: 'done'; label: string }
  | { state: 'invalid'; message: string };

const TITLES = {
  confirm: 'Unsubscribe from these emails?',
  done: 'You are unsubscribed',
  invalid: 'Link not valid',
} as const;

function bodyOf(page: UnsubscribePageState): string {
  switch (page.state) {
    case 'confirm':
      return `<p>This stops emails for: <strong>${escapeHtml(page.label)}</strong>.</p>
<p>Notifications in the app stay on.</p>
<form method="post" action="${escapeHtml(page.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`;
    case 'done':
      return `<p>You will no longer get emails for: <strong>${escapeHtml(page.label)}</strong>.</p>
<p>Notifications in the app stay on. You can turn emails back on any time in Notification Settings on your profile.</p>`;
    case 'invalid':
      return `<p>${escapeHtml(page.message)}</p>`;
  }
}

/**
 * The small page a mail app's unsubscribe link opens (served by the API, no app bundle).
 * Opening the link only asks (mail scanners follow links); its button posts to act.
 */
export function unsubscribePage(publicUrl: string, page: UnsubscribePageState): string {
  const title = TITLES[page.state];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Darefund</title>
<style>body{margin:0;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;background:#f4f4f5;color:#18181b}
main{max-width:420px;margin:48px auto;width:calc(100% - 32px);box-sizing:border-box;padding:24px;background:#fff;border-radius:12px}
h1{font-size:22px;margin:0 0 12px}p{line-height:1.5}a{color:#d91b4c;font-weight:600}
button{font:inherit;font-weight:700;color:#fff;background:#d91b4c;border:0;border-radius:999px;padding:12px 24px;min-height:44px;cursor:pointer}
button:focus-visible{outline:3px solid #18181b;outline-offset:2px}</style></head>
<body><main><p style="color:#d91b4c;font-weight:700;font-size:18px;margin-top:0">Darefund</p>
<h1>${title}</h1>
${bodyOf(page)}
<p><a href="${escapeHtml(publicUrl)}/profile?settings=notifications">Open Notification Settings</a></p>
</main></body></html>`;
}

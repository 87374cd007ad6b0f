import { escapeHtml } from './template';

/** The small page a mail app's unsubscribe link opens (served by the API, no app bundle). */
export function unsubscribePage(
  publicUrl: string,
  outcome: { ok: true; label: string } | { ok: false; message: string },
): string {
  const title = outcome.ok ? 'You are unsubscribed' : 'Link not valid';
  const body = outcome.ok
    ? `<p>You will no longer get emails for: <strong>${escapeHtml(outcome.label)}</strong>.</p>
<p>Notifications in the app stay on. You can turn emails back on any time in Notification Settings on your profile.</p>`
    : `<p>${escapeHtml(outcome.message)}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Darefund</title>
<style>body{margin:0;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;background:#f4f4f5;color:#18181b}
main{max-width:420px;margin:48px auto;width:calc(100% - 32px);box-sizing:border-box;padding:24px;background:#fff;border-radius:12px}
h1{font-size:22px;margin:0 0 12px}p{line-height:1.5}a{color:#d91b4c;font-weight:600}</style></head>
<body><main><p style="color:#d91b4c;font-weight:700;font-size:18px;margin-top:0">Darefund</p>
<h1>${title}</h1>
${body}
<p><a href="${escapeHtml(publicUrl)}/profile?settings=notifications">Open Notification Settings</a></p>
</main></body></html>`;
}

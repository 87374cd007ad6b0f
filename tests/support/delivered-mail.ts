import { drainOutbox } from '@/server/jobs/send-emails';
import type { ReceivedMail, SmtpSink } from './smtp-sink';
import type { TestApp } from './test-app';

/** Sends what the app has queued and returns the newest email to `to` with `subject`. */
export async function deliveredMail(
  t: TestApp,
  sink: SmtpSink,
  to: string,
  subject: string,
): Promise<ReceivedMail> {
  await drainOutbox(t.app.ctx);
  const mail = sink.messages.filter((m) => m.envelopeTo.includes(to) && m.subject === subject);
  if (mail.length === 0) throw new Error(`no "${subject}" email to ${to}`);
  return mail.at(-1)!;
}

/** The token of the `/{page}?token=` link in a delivered email, as a person would click it. */
export function linkTokenIn(mail: ReceivedMail, page: string): string {
  const match = new RegExp(`/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text);
  if (!match) throw new Error(`no /${page} link in: ${mail.text}`);
  return match[1]!;
}

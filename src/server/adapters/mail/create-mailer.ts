import type { Config } from '../../config';
import type { Mailer } from './mailer';

/** Chosen once at startup: SMTP when SMTP_URL is set, else none (the outbox only). */
export async function createMailer(config: Config): Promise<Mailer | null> {
  if (!config.mail.smtpUrl) return null;
  // Loaded only when used: nodemailer adds ~0.1 s to every start otherwise.
  const { SmtpMailer } = await import('./smtp-mailer');
  return new SmtpMailer(config.mail.smtpUrl);
}

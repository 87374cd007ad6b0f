import type { Config } from '../../config';
import type { Mailer } from './mailer';
import { SmtpMailer } from './smtp-mailer';

/** Chosen once at startup: SMTP when SMTP_URL is set, else none (the outbox only). */
export function createMailer(config: Config): Mailer | null {
  return config.mail.smtpUrl ? new SmtpMailer(config.mail.smtpUrl) : null;
}

/** One message as it goes to the mail server: both parts and the headers the layout adds. */
export type MailMessage = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** Stable per outbox row, so a resend after a crash can be recognised as the same message. */
  messageId: string;
};

/**
 * Where email goes (DESIGN.md section 6): SMTP when SMTP_URL is set; without it there is no
 * mailer and messages stay in the outbox (readable at /dev/mail in development).
 */
export interface Mailer {
  /** Resolves once the server accepted the message; rejects with its refusal. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

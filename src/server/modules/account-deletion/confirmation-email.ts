import { renderBody } from '../email/template';
import type { OutgoingEmail } from '../notifications/outbox';

/**
 * Account emails (verification, reset, security notices) share this kind: nobody can opt out
 * of being told their account was deleted (decision 0039 names it on the unsubscribe page).
 */
const ACCOUNT_EMAIL_KIND = 'account';

/**
 * Step 7: the confirmation to the address the account had. No userId: the address belongs to
 * no account any more, so no account's settings apply to it.
 */
export function deletionConfirmationEmail(
  publicUrl: string,
  to: string,
  name: string,
): OutgoingEmail {
  return {
    to,
    kind: ACCOUNT_EMAIL_KIND,
    subject: 'Your Darefund account was deleted',
    ...renderBody({
      greeting: `Hi ${name},`,
      headline: 'Your Darefund account was deleted.',
      paragraphs: [
        'Your pledges were cancelled and their holds released: you were not charged for them. Dares you created that were still funding were cancelled and their backers told.',
        'Your profile, picture and saved cards are gone, and you were signed out everywhere. Dares that were completed, comments and messages stay, shown as by "Deleted user".',
        'This email address is free: you can sign up with it again at any time.',
      ],
      action: { label: 'Visit Darefund', url: publicUrl },
    }),
  };
}

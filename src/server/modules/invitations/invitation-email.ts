import { renderBody } from '../email/template';
import type { OutgoingEmail } from '../notifications/outbox';

export type InvitationEmailInput = {
  to: string;
  creatorName: string;
  dareTitle: string;
  targetDollars: number;
  link: string;
  expiresAt: Date;
};

const day = (date: Date) =>
  date.toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * The email that carries a challenge's invitation link. Kept apart (one pure function) so it
 * is rendered by the email template set (user text escaped in the HTML part).
 */
export function invitationEmail(input: InvitationEmailInput): OutgoingEmail {
  const { creatorName, dareTitle, link } = input;
  const amount = `$${input.targetDollars.toFixed(2)}`;
  const until = day(input.expiresAt);
  return {
    to: input.to,
    subject: `${creatorName} dared you: "${dareTitle}"`,
    // Unsubscribing from this email suppresses invitations to the address (decision 0020).
    kind: 'challenge_invitation',
    ...renderBody({
      greeting: 'Hi,',
      headline: `${creatorName} challenged you on Darefund: "${dareTitle}".`,
      paragraphs: [
        `The goal is ${amount} in pledges, paid to you when your proof is approved.`,
        `The invitation works once and expires on ${until} (UTC).`,
      ],
      action: { label: 'See the dare and accept or decline it', url: link },
    }),
  };
}

import { eq, sql } from 'drizzle-orm';
import type { CreatedDare, InvitationDelivery } from '@/contracts/invitations';
import { centsToDollars } from '@/contracts/money';
import { isReservedEmailAddress } from '@/domain/reserved-email';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { challengeInvitations, type dares, users } from '../../db/schema';
import { offerChallengeRequest } from '../dare-requests/challenge-requests';
import { queueEmail } from '../notifications/outbox';
import { invitationEmail } from './invitation-email';
import { invitationUrl, newInvitationToken } from './tokens';

type DareRow = typeof dares.$inferSelect;
export type InvitationChannel = 'email' | 'phone';

/** The channel a dare's invitation goes through, or null when it has none. */
export function invitationChannel(dare: DareRow): InvitationChannel | null {
  if (dare.dareType !== 'challenge' || !dare.recipientContact) return null;
  return dare.recipientType === 'email' || dare.recipientType === 'phone'
    ? dare.recipientType
    : null;
}

/** A challenge's new invitation: how it goes out, and its link when the creator sends it. */
export type CreatedInvitation = {
  channel: InvitationChannel;
  delivery: InvitationDelivery;
  url: string;
};

/**
 * Called inside the dare's creating transaction: a challenge for an email address or a
 * phone number gets its invitation (and, for an email, the email with the link, and for an
 * address with an account its in-app request: decision 0036), so there is never a dare
 * without its invitation or an email about a dare that was rolled back. Answers the link
 * (its token is not kept anywhere) and how it goes out, or null when the dare has none.
 */
export async function createChallengeInvitation(
  tx: Tx,
  ctx: AppContext,
  dare: DareRow,
): Promise<CreatedInvitation | null> {
  const channel = invitationChannel(dare);
  if (!channel) return null;
  const url = await storeNewToken(tx, ctx, dare, channel);
  if (channel === 'phone') return { channel, delivery: 'link', url };
  const creatorName = await nameOfCreator(tx, dare);
  const emailed = await emailInvitation(tx, ctx, dare, url, creatorName);
  await offerChallengeRequest(tx, ctx, dare, creatorName);
  return { channel, delivery: emailed ? 'email' : 'link', url };
}

/**
 * What the creator's answer (POST /api/dares) says about the invitation: how it goes out,
 * and the link only when it is theirs to send. The creator is the only one ever answered it.
 */
export function invitationAnswer(
  invitation: CreatedInvitation | undefined,
): Pick<CreatedDare, 'invitationDelivery' | 'invitationUrl'> {
  if (!invitation) return {};
  if (invitation.delivery === 'email') return { invitationDelivery: 'email' };
  return { invitationDelivery: 'link', invitationUrl: invitation.url };
}

/**
 * Stores a fresh token's hash for the dare: a first invitation, or one that replaces the
 * previous link (which stops working) and clears an earlier decline.
 */
export async function storeNewToken(
  tx: Tx,
  ctx: AppContext,
  dare: DareRow,
  channel: InvitationChannel,
): Promise<string> {
  const { token, hash } = newInvitationToken(ctx);
  const values = {
    tokenHash: hash,
    channel,
    contact: dare.recipientContact!,
    expiresAt: dare.expiresAt,
  };
  await tx
    .insert(challengeInvitations)
    .values({ dareId: dare.id, ...values })
    .onConflictDoUpdate({
      target: challengeInvitations.dareId,
      set: { ...values, createdAt: sql`now()`, declinedAt: null, declinedBy: null },
    });
  return invitationUrl(ctx.config.publicUrl, token);
}

async function nameOfCreator(tx: Tx, dare: DareRow): Promise<string> {
  const [creator] = await tx
    .select({ displayName: users.displayName, username: users.username })
    .from(users)
    .where(eq(users.id, dare.creatorId));
  return creator?.displayName || creator?.username || 'Someone';
}

/**
 * Queues the invitation email; true only when it will really be sent: a mailer is
 * configured (without SMTP_URL mail stays in the outbox), the address takes mail (not a
 * reserved domain, which the outbox never sends to) and did not unsubscribe from
 * invitations. None of this depends on whether the address has an account, so neither does
 * the creator's answer.
 */
async function emailInvitation(
  tx: Tx,
  ctx: AppContext,
  dare: DareRow,
  url: string,
  creatorName: string,
): Promise<boolean> {
  const to = dare.recipientContact!;
  const queued = await queueEmail(
    tx,
    invitationEmail({
      to,
      creatorName,
      dareTitle: dare.title,
      targetDollars: centsToDollars(dare.targetAmountCents),
      link: url,
      expiresAt: dare.expiresAt,
    }),
  );
  return ctx.mailer !== null && queued !== null && !isReservedEmailAddress(to);
}

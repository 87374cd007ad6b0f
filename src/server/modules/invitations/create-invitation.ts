import { eq, sql } from 'drizzle-orm';
import { centsToDollars } from '@/contracts/money';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { challengeInvitations, type dares, users } from '../../db/schema';
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

/**
 * Called inside the dare's creating transaction: a challenge for an email address or a
 * phone number gets its invitation (and, for an email, the email with the link), so there
 * is never a dare without its invitation or an email about a dare that was rolled back.
 * Answers the link (its token is not kept anywhere), or null when the dare has none.
 */
export async function createChallengeInvitation(
  tx: Tx,
  ctx: AppContext,
  dare: DareRow,
): Promise<{ url: string; channel: InvitationChannel } | null> {
  const channel = invitationChannel(dare);
  if (!channel) return null;
  const url = await storeNewToken(tx, ctx, dare, channel);
  if (channel === 'email') await emailInvitation(tx, dare, url);
  return { url, channel };
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

async function emailInvitation(tx: Tx, dare: DareRow, url: string) {
  const [creator] = await tx
    .select({ displayName: users.displayName, username: users.username })
    .from(users)
    .where(eq(users.id, dare.creatorId));
  await queueEmail(
    tx,
    invitationEmail({
      to: dare.recipientContact!,
      creatorName: creator?.displayName || creator?.username || 'Someone',
      dareTitle: dare.title,
      targetDollars: centsToDollars(dare.targetAmountCents),
      link: url,
      expiresAt: dare.expiresAt,
    }),
  );
}

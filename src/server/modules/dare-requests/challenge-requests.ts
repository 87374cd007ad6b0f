import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { dareRequests, type dares, users } from '../../db/schema';
import { notify } from '../notifications/notify';

type DareRow = typeof dares.$inferSelect;

/**
 * An email challenge to an address that has an account (decision 0036): besides the
 * invitation email, the account is told in the app and finds the challenge in Dare Requests
 * (Received) to accept or decline, the way a request sent to a username works. The request
 * is the challenge's: it lives as long as the dare's funding window, and answering it
 * answers the invitation. Nothing here reaches the creator's answer or Sent list, so the
 * creator cannot tell whether the address has an account.
 */
export async function offerChallengeRequest(
  tx: Tx,
  ctx: Pick<AppContext, 'config'>,
  dare: DareRow,
  creatorName: string,
): Promise<void> {
  const address = dare.recipientContact!;
  const [account] = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${address.toLowerCase()}`)
    .limit(1);
  // Challenging one's own address: the invitation page refuses the creator anyway.
  if (!account || account.id === dare.creatorId) return;
  await tx.insert(dareRequests).values({
    senderId: dare.creatorId,
    recipientId: account.id,
    recipientEmail: address,
    dareTitle: dare.title,
    dareDescription: dare.description || null,
    targetAmountCents: dare.targetAmountCents,
    category: dare.category,
    contentRating: dare.contentRating,
    coverImage: dare.coverImage,
    expiresAt: dare.expiresAt,
    // The dare exists already: the recipient may look at it before answering.
    dareId: dare.id,
    challengeDareId: dare.id,
  });
  await notify(tx, ctx.config.publicUrl, {
    userId: account.id,
    dareId: dare.id,
    kind: 'challenge_received',
    data: { dareTitle: dare.title, amountCents: dare.targetAmountCents, creatorName },
  });
}

/**
 * The challenge was answered (through its link or its request): a request still pending is
 * closed with it. Its recipient's own answer is theirs (accepted or declined); an answer by anyone else who held the link leaves nothing to answer (expired).
 */
export async function closeChallengeRequest(
  tx: Tx,
  dareId: number,
  userId: number,
  answer: 'accept' | 'decline',
): Promise<void> {
  const own = sql`${dareRequests.recipientId} = ${userId}`;
  const status = answer === 'accept' ? 'accepted' : 'declined';
  await tx
    .update(dareRequests)
    .set({
      status: sql`CASE WHEN ${own} THEN ${status}::dare_request_status ELSE 'expired' END`,
      respondedAt: sql`now()`,
    })
    .where(and(eq(dareRequests.challengeDareId, dareId), eq(dareRequests.status, 'pending')));
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import { INVITATION_MESSAGES } from '@/contracts/invitations';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { challengeInvitations, dares } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { requireVerifiedEmail } from '../account/verify-email';
import type { SessionUser } from '../auth/session-store';
import { closeChallengeRequest } from '../dare-requests/challenge-requests';
import { notify } from '../notifications/notify';
import { invalidInvitation, type LiveInvitation } from './lookup';

export type ChallengeAnswer = 'accept' | 'decline';
type Answerer = Pick<SessionUser, 'id' | 'displayName' | 'username' | 'emailVerified'>;

const nameOf = (user: Answerer) => user.displayName || user.username;

/**
 * THE way a challenge is answered, by whoever holds its link (/invite/{token}) or by the
 * account at the invited address from Dare Requests (decision 0036). `found` is the live
 * invitation with its dare, locked by the caller. Accepting marks the invitation used
 * (guarded on being unused) and makes the caller the dare's taker (guarded on having none);
 * declining marks it declined and leaves the dare open. The creator is told either way, and
 * the challenge's request in Dare Requests, if any, is closed with it. Of concurrent answers
 * exactly one counts; the rest find the invitation used (404).
 */
export async function answerChallenge(
  tx: Tx,
  ctx: AppContext,
  found: LiveInvitation,
  user: Answerer,
  answer: ChallengeAnswer,
): Promise<typeof dares.$inferSelect> {
  if (found.dare.creatorId === user.id) {
    throw forbidden(
      answer === 'accept' ? INVITATION_MESSAGES.ownChallenge : INVITATION_MESSAGES.ownDecline,
    );
  }
  // Sent to an address: it binds to a proven owner of an address, not a registered one
  // (DESIGN.md section 9).
  if (answer === 'accept' && found.invitation.channel === 'email') requireVerifiedEmail(user);
  const [marked] = await tx
    .update(challengeInvitations)
    .set(
      answer === 'accept'
        ? { usedAt: sql`now()`, usedBy: user.id }
        : { declinedAt: sql`now()`, declinedBy: user.id },
    )
    .where(
      and(
        eq(challengeInvitations.id, found.invitation.id),
        isNull(challengeInvitations.usedAt),
        isNull(challengeInvitations.declinedAt),
      ),
    )
    .returning({ id: challengeInvitations.id });
  if (!marked) throw invalidInvitation();
  await closeChallengeRequest(tx, found.dare.id, user.id, answer);
  if (answer === 'decline') {
    await notify(tx, ctx.config.publicUrl, {
      userId: found.dare.creatorId,
      dareId: found.dare.id,
      kind: 'challenge_declined',
      data: { dareTitle: found.dare.title, declinerName: nameOf(user) },
    });
    return found.dare;
  }
  const [dare] = await tx
    .update(dares)
    .set({ takerId: user.id, acceptedBy: user.id, acceptedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(dares.id, found.dare.id), isNull(dares.acceptedBy)))
    .returning();
  if (!dare) throw invalidInvitation();
  await notify(tx, ctx.config.publicUrl, {
    userId: dare.creatorId,
    dareId: dare.id,
    kind: 'challenge_accepted',
    data: { dareTitle: dare.title, takerName: nameOf(user) },
  });
  return dare;
}

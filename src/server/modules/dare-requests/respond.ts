import { and, eq, gt } from 'drizzle-orm';
import { DARE_REQUEST_ERRORS } from '@/contracts/dare-requests';
import { ACCEPTED_REQUEST_DARE_DAYS } from '@/contracts/limits';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { dareRequests, dares } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { requireVerifiedEmail } from '../account/verify-email';
import { recordProgress } from '../achievements/record-progress';
import { holdForReview, screenedCategory, screenedState } from '../dares/screen-dare';
import { answerChallenge } from '../invitations/answer-challenge';
import { type LiveInvitation, lockLiveInvitationOfDare } from '../invitations/lookup';
import { scheduleDareExpiry } from '../lifecycle/expire-dares';
import { notify } from '../notifications/notify';
import type { DareRequestRow } from './views';

const DAY_MS = 24 * 60 * 60 * 1000;
type Responder = {
  id: number;
  email: string;
  emailVerified: boolean;
  username: string;
  displayName: string | null;
};
export type Answer = 'accept' | 'decline';

/** The recipient is the named user, or (for a request sent to an address) its owner. */
export function isRecipient(row: DareRequestRow, user: Pick<Responder, 'id' | 'email'>) {
  if (row.recipientId !== null) return row.recipientId === user.id;
  return row.recipientEmail?.toLowerCase() === user.email.toLowerCase();
}

/**
 * Accepts or declines a request (spec section 6: only its recipient, only while pending).
 * The sender is told 403, anyone else the usual 404; a request that is no longer pending,
 * or whose week has passed even before the job marked it, is 409, except the recipient's
 * repeat of the answer it already has (sameAnswerAgain). The move is one guarded
 * update, so of 20 parallel accepts one wins and creates the one dare, in the same
 * transaction, with its deadline job and the sender's notification.
 */
export async function respondToDareRequest(
  ctx: AppContext,
  requestId: number,
  user: Responder,
  answer: Answer,
  now = new Date(),
): Promise<DareRequestRow> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(dareRequests).where(eq(dareRequests.id, requestId));
    if (!row) throw notFound(DARE_REQUEST_ERRORS.notFound);
    if (!isRecipient(row, user)) {
      if (row.senderId === user.id) throw forbidden(DARE_REQUEST_ERRORS.notRecipient);
      throw notFound(DARE_REQUEST_ERRORS.notFound);
    }
    // A challenge's invitation is locked before the request, in the order an answer through
    // its link takes (answerChallenge closes the request), so the two never deadlock.
    const invitation =
      row.challengeDareId === null ? null : await lockLiveInvitationOfDare(tx, row.challengeDareId);
    // Sent to an address: it binds when the address is proven, not when registered (issue 20).
    if (row.recipientEmail !== null) requireVerifiedEmail(user);
    const [moved] = await tx
      .update(dareRequests)
      .set({
        status: answer === 'accept' ? 'accepted' : 'declined',
        respondedAt: now,
        // A request sent to an address belongs to the account that answered it from now on.
        recipientId: user.id,
      })
      .where(
        and(
          eq(dareRequests.id, requestId),
          eq(dareRequests.status, 'pending'),
          gt(dareRequests.expiresAt, now),
        ),
      )
      .returning();
    if (!moved) return sameAnswerAgain(tx, requestId, user.id, answer);
    if (moved.challengeDareId !== null)
      return answerChallengeRequest(tx, ctx, moved, invitation, user, answer);

    const recipientName = user.displayName?.trim() || user.username;
    if (answer === 'decline') {
      await notify(tx, ctx.config.publicUrl, {
        userId: moved.senderId,
        dareId: null,
        kind: 'dare_request_declined',
        data: { dareTitle: moved.dareTitle, amountCents: moved.targetAmountCents, recipientName },
      });
      return moved;
    }
    const dareId = await createSponsoredDare(tx, moved, now);
    const [accepted] = await tx
      .update(dareRequests)
      .set({ dareId })
      .where(eq(dareRequests.id, requestId))
      .returning();
    await notify(tx, ctx.config.publicUrl, {
      userId: moved.senderId,
      dareId,
      kind: 'dare_request_accepted',
      data: { dareTitle: moved.dareTitle, amountCents: moved.targetAmountCents, recipientName },
    });
    // The recipient created (and took on) a dare; the sender's request was accepted.
    await recordProgress(tx, ctx.config.publicUrl, user.id, [
      'challenges_accepted',
      'dares_created',
    ]);
    await recordProgress(tx, ctx.config.publicUrl, moved.senderId, 'requests_accepted');
    return accepted!;
  });
}

/**
 * An email challenge's request (decision 0036), just moved: answering it answers the
 * challenge's invitation, the one way a challenge is taken on or turned down. An invitation
 * no longer live (the dare closed) leaves nothing to answer, and the move is rolled back.
 */
async function answerChallengeRequest(
  tx: Tx,
  ctx: AppContext,
  moved: DareRequestRow,
  invitation: LiveInvitation | null,
  user: Responder,
  answer: Answer,
): Promise<DareRequestRow> {
  if (!invitation) throw conflict(DARE_REQUEST_ERRORS.notPending, 'not_pending');
  await answerChallenge(tx, ctx, invitation, user, answer);
  return moved;
}

/**
 * A request that is no longer pending: the recipient's repeat of the answer it already has
 * (a double tap, a retried request) is that answer again, a success with the same request
 * and dare; anything else is 409. Read after the guarded update, so a racing answer that
 * won is seen committed (with its dare).
 */
async function sameAnswerAgain(
  tx: Tx,
  requestId: number,
  userId: number,
  answer: Answer,
): Promise<DareRequestRow> {
  const [row] = await tx.select().from(dareRequests).where(eq(dareRequests.id, requestId));
  const answered = answer === 'accept' ? 'accepted' : 'declined';
  if (row?.status === answered && row.recipientId === userId) return row;
  throw conflict(DARE_REQUEST_ERRORS.notPending, 'not_pending');
}

/**
 * DESIGN.md section 6: the recipient creates and takes on the dare, the sender sponsors it.
 * It has no pitch video yet, so it is on the recipient's profile but not in the feed until
 * they add one (POST /api/dares/{id}/pitch-video).
 */
async function createSponsoredDare(tx: Tx, request: DareRequestRow, now: Date): Promise<number> {
  const recipientId = request.recipientId!;
  // Screened when sent (a clear match never became a request); a likely one is held here.
  const screening = screenedCategory(request.dareTitle, request.dareDescription);
  const [dare] = await tx
    .insert(dares)
    .values({
      creatorId: recipientId,
      takerId: recipientId,
      dareType: 'self',
      title: request.dareTitle,
      description: request.dareDescription ?? '',
      targetAmountCents: request.targetAmountCents,
      category: request.category,
      contentRating: request.contentRating,
      coverImage: request.coverImage,
      sponsoredBy: request.senderId,
      sponsorshipRequestId: request.id,
      expiresAt: new Date(now.getTime() + ACCEPTED_REQUEST_DARE_DAYS * DAY_MS),
      moderationState: screenedState(screening),
    })
    .returning({ id: dares.id, creatorId: dares.creatorId, expiresAt: dares.expiresAt });
  await holdForReview(tx, dare!, screening);
  await scheduleDareExpiry(tx, dare!);
  return dare!.id;
}

import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { LIVE_PLEDGE_STATUSES } from '@/domain/pledges';
import type { Tx } from '../../db/client';
import { dares, payouts, pledges, submissions } from '../../db/schema';
import { enqueueDareSettlement } from '../funding/settlement-job';
import { publishDareChanged } from '../live/dare-changed';
import { notify } from '../notifications/notify';
import { cancelDareJobs } from './cancel-jobs';

/** A dare still to be funded, proven or voted on: removing it fails it (nobody is charged). */
const UNFINISHED = new Set(['pending', 'active', 'verification']);

/**
 * Removes a dare in the moderator's transaction (issue 21 item 4; also what a suspension does
 * to the account's funding-stage dares). Returns null when it was already removed (the caller
 * answers 409), else whether it failed now: then its holds are to be released, which the caller
 * does after the commit through releaseDareFunding, THE release of a failed dare (a gateway call
 * never runs inside a transaction); the settlement job queued here is the retry if this
 * process dies first, on the dare's one settlement key (so holds are released once).
 *
 * - moderation_state 'removed'; an unfinished dare becomes 'failed' (a proof under vote is
 *   closed as rejected: its vote no longer decides anything);
 * - its deadline and vote-window jobs cancelled;
 * - an unpaid payout blocked (a completed dare's capture still runs: the pledgers were charged
 *   for a dare that was done; the money stays in escrow for an operator, never paid out);
 * - each pledger with a live hold told once (MODERATION_MESSAGES.pledgerNotice); the
 *   release also says 'hold released' per pledge, from the pledge transition;
 * - creator and taker get a live 'dare' event, so an open page of it refreshes.
 *
 * Lock order as a vote's (submission, then dare): the proof under vote first, then the dare.
 */
export async function removeDare(
  tx: Tx,
  publicUrl: string,
  dareId: number,
): Promise<{ failed: boolean } | null> {
  const underVote = await tx
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.dareId, dareId), eq(submissions.status, 'pending')))
    .for('update');
  const [dare] = await tx.select().from(dares).where(eq(dares.id, dareId)).for('update');
  if (!dare || dare.moderationState === 'removed') return null;
  const now = new Date();
  const failed = UNFINISHED.has(dare.status);
  await tx
    .update(dares)
    .set({ moderationState: 'removed', ...(failed ? { status: 'failed' } : {}), updatedAt: now })
    .where(eq(dares.id, dareId));
  if (underVote.length > 0) {
    await tx
      .update(submissions)
      .set({ status: 'rejected', resolvedAt: now })
      .where(
        and(
          inArray(
            submissions.id,
            underVote.map((s) => s.id),
          ),
          eq(submissions.status, 'pending'),
        ),
      );
  }
  await cancelDareJobs(tx, dareId);
  await tx
    .update(payouts)
    .set({ blockedAt: now, updatedAt: now })
    .where(and(eq(payouts.dareId, dareId), ne(payouts.status, 'paid'), isNull(payouts.blockedAt)));
  if (failed) {
    await enqueueDareSettlement(tx, dareId, 'failed');
    await notifyPledgers(tx, publicUrl, dare);
  }
  await publishDareChanged(tx, dareId, [dare.creatorId, dare.takerId]);
  return { failed };
}

async function notifyPledgers(tx: Tx, publicUrl: string, dare: { id: number; title: string }) {
  const holders = await tx
    .selectDistinct({ userId: pledges.userId })
    .from(pledges)
    .where(and(eq(pledges.dareId, dare.id), inArray(pledges.status, [...LIVE_PLEDGE_STATUSES])))
    .orderBy(pledges.userId);
  for (const { userId } of holders) {
    await notify(tx, publicUrl, {
      userId,
      dareId: dare.id,
      kind: 'dare_removed',
      data: { dareTitle: dare.title },
    });
  }
}

/** Restoring a dare brings back its blocked, unpaid payout (the retry job pays it); no holds. */
export async function unblockPayout(tx: Tx, dareId: number) {
  await tx
    .update(payouts)
    .set({ blockedAt: null, updatedAt: new Date() })
    .where(and(eq(payouts.dareId, dareId), ne(payouts.status, 'paid')));
}

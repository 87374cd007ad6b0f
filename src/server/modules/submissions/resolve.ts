import { and, asc, eq, lte } from 'drizzle-orm';
import { voteOutcome } from '@/domain/resolution';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { dares, submissions } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import { recordProgress } from '../achievements/record-progress';
import { enqueueDareSettlement } from '../funding/settlement-job';
import { notifyDareOutcome } from '../notifications/dare-notices';
import { countVotes } from './tally';

export type SubmissionRow = typeof submissions.$inferSelect;
export type DareRow = typeof dares.$inferSelect;

export const RESOLVE_SUBMISSION_JOB = 'resolve-submission';
export const RESOLVE_SUBMISSIONS_SWEEP = 'resolve-submissions';
/** The window-end job's key: one per proof (a moderator's removal cancels it by this key). */
export const resolveJobKey = (submissionId: number) => `resolve:submission:${submissionId}`;
/** Queues the job that closes a proof's vote at its window's end (same transaction as the proof). */
export function scheduleResolution(tx: Tx, submission: Pick<SubmissionRow, 'id' | 'votingEndsAt'>) {
  return enqueueJob(tx, {
    kind: RESOLVE_SUBMISSION_JOB,
    payload: { submissionId: submission.id },
    runAt: submission.votingEndsAt,
    dedupeKey: resolveJobKey(submission.id),
  });
}

/** The submission row, locked until the transaction ends: votes and the job queue behind it. */
export async function lockSubmission(tx: Tx, submissionId: number) {
  const [row] = await tx
    .select()
    .from(submissions)
    .where(eq(submissions.id, submissionId))
    .for('update');
  return row;
}

/**
 * Applies a decided outcome inside the caller's transaction, which holds the submission's
 * row lock (the vote and the window-end job both go through here). Every change is guarded
 * by the state it leaves, so a second caller changes nothing. Approved: the dare completes
 * and its holds are captured by the complete-dare-funding job. Rejected: the taker may try
 * again while the deadline is ahead, else the dare fails and its holds are released.
 */
export async function applyOutcome(
  tx: Tx,
  submission: SubmissionRow,
  outcome: 'approved' | 'rejected',
  now: Date,
  publicUrl: string,
): Promise<boolean> {
  const [resolved] = await tx
    .update(submissions)
    .set({ status: outcome, resolvedAt: now })
    .where(and(eq(submissions.id, submission.id), eq(submissions.status, 'pending')))
    .returning({ id: submissions.id });
  if (!resolved) return false;
  const [dare] = await tx.select().from(dares).where(eq(dares.id, submission.dareId));
  if (!dare) return true;
  const timeLeft = dare.expiresAt.getTime() > now.getTime();
  const next = outcome === 'approved' ? 'completed' : timeLeft ? 'active' : 'failed';
  const [moved] = await tx
    .update(dares)
    .set({ status: next, updatedAt: now })
    .where(and(eq(dares.id, dare.id), eq(dares.status, 'verification')))
    .returning({ id: dares.id });
  if (moved && next !== 'active') {
    await enqueueDareSettlement(tx, dare.id, next, now);
  }
  if (moved) {
    const told =
      next === 'completed' ? 'completed' : next === 'active' ? 'proof_rejected' : 'failed_rejected';
    await notifyDareOutcome(tx, publicUrl, dare, told);
    // The taker's completed dares and what they earned (achievements: first completed,
    // earned $100, ...; earned as the profile counts it: completed dares' amounts).
    if (next === 'completed' && dare.takerId) {
      await recordProgress(tx, publicUrl, dare.takerId, ['dares_completed', 'dollars_earned']);
    }
  }
  return true;
}

/**
 * The window-end rule for one submission (the resolve-submission job and the sweep):
 * nothing to do once it is resolved or while its window is still open.
 */
export async function resolveAtWindowEnd(
  ctx: AppContext,
  submissionId: number,
  now: Date,
): Promise<'approved' | 'rejected' | null> {
  return ctx.db.transaction(async (tx) => {
    const submission = await lockSubmission(tx, submissionId);
    if (submission?.status !== 'pending') return null;
    if (submission.votingEndsAt.getTime() > now.getTime()) return null;
    const [dare] = await tx.select().from(dares).where(eq(dares.id, submission.dareId));
    if (!dare) return null;
    const tally = await countVotes(tx, submission.id, dare);
    const outcome = voteOutcome({ ...tally, windowOpen: false });
    if (outcome === 'undecided') return null; // never: a closed window always decides
    return (await applyOutcome(tx, submission, outcome, now, ctx.config.publicUrl))
      ? outcome
      : null;
  });
}

/**
 * Safety net behind the per-submission job: every proof whose window has passed and is
 * still pending, oldest first (a server that was down catches up at its first tick).
 */
export async function resolveDueSubmissions(
  ctx: AppContext,
  now: Date,
  signal?: AbortSignal,
): Promise<number> {
  const due = await ctx.db
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.status, 'pending'), lte(submissions.votingEndsAt, now)))
    .orderBy(asc(submissions.votingEndsAt))
    .limit(500);
  let resolved = 0;
  for (const { id } of due) {
    if (signal?.aborted) break;
    if (await resolveAtWindowEnd(ctx, id, now)) resolved += 1;
  }
  return resolved;
}

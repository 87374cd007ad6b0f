import { and, eq } from 'drizzle-orm';
import { DANGEROUS_REJECT_REASON } from '@/contracts/submission-values';
import { type CreateVoteInput, VOTE_MESSAGES, type VoteResult } from '@/contracts/submissions';
import { voteOutcome } from '@/domain/resolution';
import type { AppContext } from '../../context';
import { dares, votes } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { recordProgress } from '../achievements/record-progress';
import { insertOpenReport } from '../reports/file-report';
import { applyOutcome, lockSubmission } from './resolve';
import { toSubmissionViews } from './submission-views';
import { countVotes, isEligibleVoter } from './tally';

export const SUBMISSION_NOT_FOUND = 'Submission not found';

/**
 * One pledger's final vote (DESIGN.md section 5 "Vote" and "Resolve"). The submission row
 * is locked for the whole transaction, so concurrent votes are counted one after the other
 * and exactly one of them sees the outcome become certain and resolves it.
 */
export async function castVote(
  ctx: AppContext,
  userId: number,
  input: CreateVoteInput,
  now: Date = new Date(),
): Promise<VoteResult> {
  return ctx.db.transaction(async (tx) => {
    const submission = await lockSubmission(tx, input.submissionId);
    if (!submission) throw notFound(SUBMISSION_NOT_FOUND);
    const [dare] = await tx.select().from(dares).where(eq(dares.id, submission.dareId));
    if (!dare) throw notFound(SUBMISSION_NOT_FOUND);
    if (dare.takerId === userId) throw forbidden(VOTE_MESSAGES.takerCannotVote);
    if (!(await isEligibleVoter(tx, dare, userId))) throw forbidden(VOTE_MESSAGES.notEligible);
    const [earlier] = await tx
      .select({ id: votes.id })
      .from(votes)
      .where(and(eq(votes.submissionId, submission.id), eq(votes.userId, userId)));
    if (earlier) throw conflict(VOTE_MESSAGES.alreadyVoted);
    if (submission.status !== 'pending' || submission.votingEndsAt.getTime() <= now.getTime()) {
      throw conflict(VOTE_MESSAGES.votingClosed);
    }

    await tx.insert(votes).values({
      submissionId: submission.id,
      userId,
      vote: input.vote,
      reason: input.reason || null,
      createdAt: now,
    });
    // A pledger who calls the proof dangerous reports it too (DESIGN.md section 10).
    if (!input.vote && input.reason === DANGEROUS_REJECT_REASON) {
      await insertOpenReport(tx, {
        reporterId: userId,
        targetType: 'submission',
        targetId: submission.id,
        ownerId: submission.userId,
        reason: 'dangerous',
        details: DANGEROUS_REJECT_REASON,
      });
    }
    await recordProgress(tx, ctx.config.publicUrl, userId, 'votes_cast');
    const outcome = voteOutcome({
      ...(await countVotes(tx, submission.id, dare)),
      windowOpen: true,
    });
    if (outcome !== 'undecided')
      await applyOutcome(tx, submission, outcome, now, ctx.config.publicUrl);

    const current = (await lockSubmission(tx, submission.id))!;
    const [view] = await toSubmissionViews(tx, dare, [current], userId, now);
    return { submission: view! };
  });
}

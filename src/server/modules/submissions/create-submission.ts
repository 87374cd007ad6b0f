import { and, eq, gt } from 'drizzle-orm';
import { VOTING_WINDOW_HOURS } from '@/contracts/limits';
import { type CreateSubmissionInput, SUBMISSION_MESSAGES } from '@/contracts/submissions';
import type { AppContext } from '../../context';
import { dares, submissions } from '../../db/schema';
import { conflict, forbidden, notFound, unprocessable } from '../../lib/errors';
import { uniqueViolation } from '../../lib/pg-errors';
import { recordProgress } from '../achievements/record-progress';
import { DARE_NOT_FOUND } from '../dares/service';
import { notifyProofSubmitted } from '../notifications/dare-notices';
import { checkProofMedia } from './proof-media';
import { type DareRow, scheduleResolution } from './resolve';
import { toSubmissionViews } from './submission-views';

const HOUR_MS = 60 * 60 * 1000;

/** Why a dare takes no proof now, in the order the caller can do something about it. */
function refusal(dare: DareRow, userId: number, now: Date) {
  if (dare.takerId !== userId) return forbidden(SUBMISSION_MESSAGES.notTaker);
  if (dare.status === 'verification') return conflict(SUBMISSION_MESSAGES.proofUnderVote);
  if (dare.status !== 'active' || dare.expiresAt.getTime() <= now.getTime()) {
    return unprocessable(SUBMISSION_MESSAGES.dareNotActive);
  }
  return null;
}

/**
 * The taker's proof (DESIGN.md section 5 "Prove"): in one transaction the dare moves
 * active -> verification (guarded, so two proofs cannot both win), the submission opens a
 * 24 h vote, and the job that closes it is queued for the window's end.
 */
export async function createSubmission(
  ctx: AppContext,
  userId: number,
  input: CreateSubmissionInput,
  now: Date = new Date(),
) {
  const [dare] = await ctx.db.select().from(dares).where(eq(dares.id, input.dareId));
  if (!dare) throw notFound(DARE_NOT_FOUND);
  const refused = refusal(dare, userId, now);
  if (refused) throw refused;
  const { thumbnailUrl, captionsUrl } = await checkProofMedia(ctx, dare, userId, input);

  try {
    return await ctx.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(dares)
        .set({ status: 'verification', updatedAt: now })
        .where(
          and(
            eq(dares.id, dare.id),
            eq(dares.status, 'active'),
            eq(dares.takerId, userId),
            gt(dares.expiresAt, now),
          ),
        )
        .returning();
      if (!moved) {
        // Someone changed the dare since it was read (another proof, the expiry job).
        const [current] = await tx.select().from(dares).where(eq(dares.id, dare.id));
        throw (
          (current && refusal(current, userId, now)) ?? conflict(SUBMISSION_MESSAGES.proofUnderVote)
        );
      }
      const [submission] = await tx
        .insert(submissions)
        .values({
          dareId: dare.id,
          userId,
          videoUrl: input.videoUrl,
          thumbnailUrl,
          captionsUrl,
          createdAt: now,
          votingEndsAt: new Date(now.getTime() + VOTING_WINDOW_HOURS * HOUR_MS),
        })
        .returning();
      await scheduleResolution(tx, submission!);
      await notifyProofSubmitted(tx, ctx.config.publicUrl, moved);
      await recordProgress(tx, ctx.config.publicUrl, userId, 'proofs_submitted');
      return submission!;
    });
  } catch (error) {
    if (uniqueViolation(error)) throw conflict(SUBMISSION_MESSAGES.proofUnderVote);
    throw error;
  }
}

/** POST /api/submissions: the proof, answered as the list shows it. */
export async function submitProof(ctx: AppContext, userId: number, input: CreateSubmissionInput) {
  const now = new Date();
  const submission = await createSubmission(ctx, userId, input, now);
  const [dare] = await ctx.db.select().from(dares).where(eq(dares.id, submission.dareId));
  const [view] = await toSubmissionViews(ctx.db, dare!, [submission], userId, now);
  return view!;
}

import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { dares, submissions } from '../../db/schema';
import { applyOutcome, lockSubmission, resolveJobKey } from '../submissions/resolve';
import { cancelJobs } from './cancel-jobs';

/**
 * Removes a proof in the moderator's transaction (issue 21 item 4). A proof still under vote
 * is decided as rejected through applyOutcome, THE resolution of a vote (DESIGN.md section
 * 5): the dare goes back to active while its deadline is ahead, else it fails and the release
 * of its holds is queued; everyone concerned hears the outcome. Its vote-window job is
 * cancelled. A proof already decided is only taken down: its dare's money already followed
 * the vote (remove the dare to block an unpaid payout). Returns null when it was already
 * removed (409), else the dare that failed now (its holds to release after the commit).
 */
export async function removeProof(
  tx: Tx,
  publicUrl: string,
  submissionId: number,
): Promise<{ failedDareId: number | null } | null> {
  const proof = await lockSubmission(tx, submissionId);
  if (!proof || proof.moderationState === 'removed') return null;
  await tx
    .update(submissions)
    .set({ moderationState: 'removed' })
    .where(eq(submissions.id, submissionId));
  if (proof.status !== 'pending') return { failedDareId: null };
  await cancelJobs(tx, [resolveJobKey(proof.id)]);
  await applyOutcome(tx, proof, 'rejected', new Date(), publicUrl);
  const [dare] = await tx
    .select({ status: dares.status })
    .from(dares)
    .where(eq(dares.id, proof.dareId));
  return { failedDareId: dare?.status === 'failed' ? proof.dareId : null };
}

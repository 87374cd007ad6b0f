import { and, eq, inArray, sql } from 'drizzle-orm';
import { isCancelledByDeletion } from '@/domain/account-deletion';
import type { Tx } from '../../db/client';
import { dares, submissions } from '../../db/schema';
import { enqueueDareSettlement } from '../funding/settlement-job';
import { notifyDareOutcome } from '../notifications/dare-notices';
import type { OpenDare } from './refusals';

/**
 * Cancels, inside the deletion's transaction, the account's dares that can no longer be done
 * (domain/account-deletion.ts): the same guarded move to failed as a deadline
 * (lifecycle/expire-dares.ts), the release of their holds queued with it on the dare's one
 * settlement key (so it happens once even if this process dies: finishDeletion also runs it
 * at once), and everyone concerned told why. Each pledger also hears 'hold released' when
 * their pledge is released. The dares were locked by the caller.
 */
export async function cancelDaresOf(
  tx: Tx,
  publicUrl: string,
  userId: number,
  open: OpenDare[],
): Promise<number[]> {
  const ids = open.filter((dare) => isCancelledByDeletion(dare, userId)).map((dare) => dare.id);
  if (ids.length === 0) return [];
  const underVote = tx
    .select({ one: sql`1` })
    .from(submissions)
    .where(and(eq(submissions.dareId, dares.id), eq(submissions.status, 'pending')));
  const cancelled = await tx
    .update(dares)
    .set({ status: 'failed', updatedAt: new Date() })
    .where(
      and(
        inArray(dares.id, ids),
        inArray(dares.status, ['pending', 'active']),
        sql`NOT EXISTS (${underVote})`,
      ),
    )
    .returning({
      id: dares.id,
      title: dares.title,
      creatorId: dares.creatorId,
      takerId: dares.takerId,
    });
  for (const dare of cancelled) {
    await enqueueDareSettlement(tx, dare.id, 'failed');
    await notifyDareOutcome(tx, publicUrl, dare, 'failed_account_deleted');
  }
  return cancelled.map((dare) => dare.id);
}

import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db, Tx } from '../../db/client';
import { dares, submissions } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import { enqueueDareSettlement } from '../funding/settlement-job';
import { notifyDareOutcome } from '../notifications/dare-notices';

export const EXPIRE_DARE_JOB = 'expire-dare';
export const EXPIRE_DARES_SWEEP_JOB = 'expire-dares-sweep';
/** The deadline job's key: one per dare (a moderator's removal cancels it by this key). */
export const expireDareJobKey = (dareId: number) => `expire:dare:${dareId}`;

/**
 * Schedules a dare's deadline in the caller's transaction (DESIGN.md section 5): the job
 * runs at expiresAt, and a server that was down runs it at its first tick. Keyed by dare so
 * scheduling twice is a no-op.
 */
export async function scheduleDareExpiry(db: Db | Tx, dare: { id: number; expiresAt: Date }) {
  await enqueueJob(db, {
    kind: EXPIRE_DARE_JOB,
    payload: { dareId: dare.id },
    runAt: dare.expiresAt,
    dedupeKey: expireDareJobKey(dare.id),
  });
}

/**
 * Fails the given dares (or every one) whose deadline has passed while pending or active
 * with no proof under vote, in one guarded update per call; the release of their holds is
 * enqueued in the same transaction. A dare under vote is left to its vote. The job and the
 * sweep may race: the guard lets only one of them move a dare, and only that one enqueues.
 */
export async function expireDares(
  ctx: Pick<AppContext, 'db' | 'config'>,
  now: Date,
  dareIds?: readonly number[],
): Promise<number[]> {
  return ctx.db.transaction(async (tx) => {
    const underVote = tx
      .select({ one: sql`1` })
      .from(submissions)
      .where(and(eq(submissions.dareId, dares.id), eq(submissions.status, 'pending')));
    const failed = await tx
      .update(dares)
      .set({ status: 'failed', updatedAt: now })
      .where(
        and(
          inArray(dares.status, ['pending', 'active']),
          lte(dares.expiresAt, now),
          sql`NOT EXISTS (${underVote})`,
          ...(dareIds ? [inArray(dares.id, [...dareIds])] : []),
        ),
      )
      .returning({
        id: dares.id,
        title: dares.title,
        creatorId: dares.creatorId,
        takerId: dares.takerId,
      });
    for (const dare of failed) {
      await enqueueDareSettlement(tx, dare.id, 'failed');
      await notifyDareOutcome(tx, ctx.config.publicUrl, dare, 'failed_expired');
      // Each pledger hears 'hold released' when that job releases their pledge (pledge-notices).
    }
    return failed.map((row) => row.id);
  });
}

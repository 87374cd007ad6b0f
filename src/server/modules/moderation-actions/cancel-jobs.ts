import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { jobs, submissions } from '../../db/schema';
import { expireDareJobKey } from '../lifecycle/expire-dares';
import { resolveJobKey } from '../submissions/resolve';

/**
 * Cancels a removed dare's scheduled jobs in the removal's transaction: its deadline and the
 * vote-window jobs of its proofs. A cancelled job is marked done (never run) with why, and
 * keeps its dedupe key, so nothing schedules it again. A job already running finds the dare
 * moved (its updates are guarded by the status it leaves). The settlement job is not among
 * them: a failed dare's release must run, and a completed dare's capture goes on (see
 * remove-dare.ts).
 */
export async function cancelDareJobs(tx: Tx, dareId: number): Promise<number> {
  const proofs = await tx
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.dareId, dareId));
  return cancelJobs(tx, [expireDareJobKey(dareId), ...proofs.map((p) => resolveJobKey(p.id))]);
}

/** Cancels the queued jobs with these keys; returns how many. */
export async function cancelJobs(tx: Tx, dedupeKeys: string[]): Promise<number> {
  if (dedupeKeys.length === 0) return 0;
  const cancelled = await tx
    .update(jobs)
    .set({ status: 'done', lastError: 'cancelled by a moderator', updatedAt: new Date() })
    .where(and(inArray(jobs.dedupeKey, dedupeKeys), eq(jobs.status, 'queued')))
    .returning({ id: jobs.id });
  return cancelled.length;
}

import type { Tx } from '../../db/client';
import { enqueueJob } from '../../jobs/queue';

/**
 * Queues what a finished dare's money needs, in the transaction that finished it: capture
 * and pay out when it completed, release every hold when it failed. One key per dare, so a
 * dare settles once whichever path got there (vote, window end, deadline).
 */
export function enqueueDareSettlement(
  tx: Tx,
  dareId: number,
  outcome: 'completed' | 'failed',
  runAt?: Date,
) {
  return enqueueJob(tx, {
    kind: outcome === 'completed' ? 'complete-dare-funding' : 'release-dare-funding',
    payload: { dareId },
    runAt,
    dedupeKey: `funding:dare:${dareId}`,
  });
}

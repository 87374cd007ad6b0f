import type { Tx } from '../../db/client';
import { enqueueJob } from '../../jobs/queue';

/**
 * How long one run of a settlement job works before it hands the queue back ('continue'):
 * a 10,000-pledger dare settles in slices, and another dare's job queued meanwhile runs
 * between two of them, so a small dare still settles within seconds (issue 23).
 */
export const SETTLEMENT_SLICE_MS = 5000;

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

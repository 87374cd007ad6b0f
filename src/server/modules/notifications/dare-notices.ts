import { eq } from 'drizzle-orm';
import type { OutcomeRole } from '@/contracts/notifications';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { eligibleVoters } from '../submissions/tally';
import { notify } from './notify';

type Dare = { id: number; title: string; creatorId: number; takerId: number | null };

/**
 * Everyone a dare's outcome concerns, each once with the role that words their message:
 * the taker, the creator (when someone else took it on) and every pledger who is neither.
 */
async function audience(tx: Tx, dare: Dare): Promise<Map<number, OutcomeRole>> {
  const roles = new Map<number, OutcomeRole>();
  if (dare.takerId !== null) roles.set(dare.takerId, 'taker');
  if (!roles.has(dare.creatorId)) roles.set(dare.creatorId, 'creator');
  for (const { userId } of await eligibleVoters(tx, dare.id, dare.takerId)) {
    if (!roles.has(userId)) roles.set(userId, 'pledger');
  }
  return roles;
}

/** A proof went up for vote: every pledger (who may vote) is asked to, with a link to vote. */
export async function notifyProofSubmitted(tx: Tx, publicUrl: string, dare: Dare) {
  const [taker] = dare.takerId
    ? await tx
        .select({ name: users.displayName, username: users.username })
        .from(users)
        .where(eq(users.id, dare.takerId))
    : [];
  const takerName = taker ? (taker.name ?? taker.username) : 'The taker';
  for (const { userId } of await eligibleVoters(tx, dare.id, dare.takerId)) {
    await notify(tx, publicUrl, {
      userId,
      dareId: dare.id,
      kind: 'proof_submitted',
      data: { dareTitle: dare.title, takerName },
    });
  }
}

const FAILURE_REASONS = {
  failed_expired: 'expired',
  failed_rejected: 'rejected',
  failed_account_deleted: 'account_deleted',
} as const;

/**
 * What became of a dare after its vote or its deadline: completed, the proof rejected with
 * time left for another, or failed (expired, rejected past the deadline, or cancelled because
 * the account it depended on was deleted: account-deletion, decision 0046).
 */
export async function notifyDareOutcome(
  tx: Tx,
  publicUrl: string,
  dare: Dare,
  outcome:
    | 'completed'
    | 'proof_rejected'
    | 'failed_rejected'
    | 'failed_expired'
    | 'failed_account_deleted',
) {
  for (const [userId, role] of await audience(tx, dare)) {
    const base = { userId, dareId: dare.id };
    const data = { dareTitle: dare.title, role };
    if (outcome === 'completed') {
      await notify(tx, publicUrl, { ...base, kind: 'dare_completed', data });
    } else if (outcome === 'proof_rejected') {
      await notify(tx, publicUrl, { ...base, kind: 'proof_rejected', data });
    } else {
      const reason = FAILURE_REASONS[outcome];
      await notify(tx, publicUrl, { ...base, kind: 'dare_failed', data: { ...data, reason } });
    }
  }
}

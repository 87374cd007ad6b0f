import { MIN_VOTES } from '@/contracts/limits';

export type VoteOutcome = 'approved' | 'rejected' | 'undecided';

export type VoteTally = {
  /** Distinct users who may vote: a live pledge on the dare, not the taker. */
  pledgerCount: number;
  approvals: number;
  rejections: number;
  /** Whether the voting window (submission createdAt + 24 h) is still open. */
  windowOpen: boolean;
};

/**
 * DESIGN.md section 5 "Resolve". Early outcomes are the ones no further vote can change:
 * a strict majority of all pledgers approving, or a strict majority rejecting that is also
 * at least MIN_VOTES strong. When the window closes, only a real quorum (MIN_VOTES cast)
 * with more rejections than approvals rejects; anything else is the automatic approval.
 */
export function voteOutcome({
  pledgerCount,
  approvals,
  rejections,
  windowOpen,
}: VoteTally): VoteOutcome {
  const half = pledgerCount / 2;
  if (approvals > half) return 'approved';
  if (rejections > half && rejections >= MIN_VOTES) return 'rejected';
  if (windowOpen) return 'undecided';
  return approvals + rejections >= MIN_VOTES && rejections > approvals ? 'rejected' : 'approved';
}

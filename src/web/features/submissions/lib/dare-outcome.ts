import type { DareView } from '@/contracts/dares';

type OutcomeDare = Pick<DareView, 'status' | 'submission' | 'currentAmount' | 'targetAmount'>;

/**
 * Why a failed dare failed, in the detail's words (DESIGN.md section 5): a proof rejected
 * once the deadline had passed, the deadline reached before the goal, or reached with no
 * proof at all.
 */
export function failureReason(dare: OutcomeDare): string {
  if (dare.submission?.status === 'rejected') {
    return 'The proof was rejected by the pledgers after the deadline had passed.';
  }
  if (dare.currentAmount < dare.targetAmount) {
    return 'The deadline passed before the dare reached its funding goal.';
  }
  return 'The deadline passed before a proof video was submitted.';
}

export const HOLDS_RELEASED = 'Every hold was released: no pledger was charged.';

/** "3 approvals · 1 rejection" */
export function formatTally(approvals: number, rejections: number): string {
  const a = `${approvals} ${approvals === 1 ? 'approval' : 'approvals'}`;
  const r = `${rejections} ${rejections === 1 ? 'rejection' : 'rejections'}`;
  return `${a} · ${r}`;
}

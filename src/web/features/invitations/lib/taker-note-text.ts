import type { DareView } from '@/contracts/dares';
import { formatDollars } from '@/web/features/dares/utils/format-dare';

type NoteDare = Pick<DareView, 'status' | 'currentAmount' | 'targetAmount'>;

/**
 * What the taker of someone else's challenge may do now, from the money, not the status
 * alone: a public challenge is Active from its first $5 (DESIGN.md section 5), so Active
 * does not mean the goal was reached. Null once the dare is past funding.
 */
export function takerNoteText(dare: NoteDare): string | null {
  if (dare.status === 'pending') {
    return 'Once pledges reach the goal, submit your proof here before the deadline';
  }
  if (dare.status !== 'active') return null;
  if (dare.currentAmount >= dare.targetAmount) {
    return 'The goal is reached: submit your proof before the deadline';
  }
  const raised = `${formatDollars(dare.currentAmount)} of the ${formatDollars(dare.targetAmount)} goal`;
  return `${raised} is pledged so far: submit your proof here before the deadline`;
}

/**
 * Which of a deleted account's open dares are cancelled with it (issue 20 item 4, decision
 * 0046), as a pure rule. Cancelled means failed with every hold released, as at a deadline:
 * - a dare it created that is still funding (the rule), whoever was to take it on;
 * - a dare it was to take on (self dares included): nobody else can submit its proof;
 * - a public challenge it created that nobody has taken on yet: nobody should take on the
 *   dare of an account that is gone.
 * Kept: a funded (active) dare it created that someone else took on, which that person can
 * still do and be paid for. A dare under vote is never cancelled: its taker's deletion is
 * refused, and anyone else's waits for the vote like every other pledger.
 */
export type DeletionDare = { status: string; creatorId: number; takerId: number | null };

export function isCancelledByDeletion(dare: DeletionDare, userId: number): boolean {
  if (dare.status !== 'pending' && dare.status !== 'active') return false;
  if (dare.takerId === userId) return true;
  if (dare.creatorId !== userId) return false;
  return dare.status === 'pending' || dare.takerId === null;
}

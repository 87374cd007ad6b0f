import type { DareView } from '@/contracts/dares';

type ProofDare = Pick<DareView, 'status' | 'takerId' | 'expiresAt'>;

/**
 * Whether the viewer is the one to submit a proof now (DESIGN.md section 5): the dare's
 * taker, while it is active and before its deadline. The server decides; this only
 * chooses which buttons to show.
 */
export function canSubmitProof(
  dare: ProofDare,
  viewerId: number | null | undefined,
  now: number = Date.now(),
): boolean {
  if (viewerId == null || dare.takerId !== viewerId) return false;
  return dare.status === 'active' && Date.parse(dare.expiresAt) > now;
}

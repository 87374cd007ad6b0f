import { VOTE_REASON_MAX_LENGTH } from '@/contracts/submission-values';

export type VoteTab = 'review' | 'approve' | 'reject';

/**
 * The reasons panel after Approve or Reject (spec section 2, Vote dialog). An approve reason
 * is optional; a rejection needs a preset or a written reason, and typing one clears the
 * preset so only one reason is ever sent.
 */
export interface VoteChoice {
  tab: VoteTab;
  approveReason: string | null;
  rejectPreset: string | null;
  otherReason: string;
}

export const initialVoteChoice = (tab: VoteTab = 'review'): VoteChoice => ({
  tab,
  approveReason: null,
  rejectPreset: null,
  otherReason: '',
});

/** Tapping the chosen approve reason again unselects it (it is optional). */
export function toggleApproveReason(choice: VoteChoice, reason: string): VoteChoice {
  return { ...choice, approveReason: choice.approveReason === reason ? null : reason };
}

export function pickRejectPreset(choice: VoteChoice, reason: string): VoteChoice {
  return { ...choice, rejectPreset: reason, otherReason: '' };
}

export function typeOtherReason(choice: VoteChoice, text: string): VoteChoice {
  const otherReason = text.slice(0, VOTE_REASON_MAX_LENGTH);
  return { ...choice, otherReason, rejectPreset: otherReason ? null : choice.rejectPreset };
}

/** The reason a rejection sends, or null while none is given (Reject stays disabled). */
export function rejectReason(choice: VoteChoice): string | null {
  const written = choice.otherReason.trim();
  return written || choice.rejectPreset || null;
}

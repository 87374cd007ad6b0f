import { MIN_VOTES } from '@/contracts/limits';

/** The vote modal's fixed texts (spec section 2, Vote / verification dialog). */
export const MIN_VOTES_TEXT = `(minimum ${MIN_VOTES} needed)`;
export const VOTE_TOOLTIP = 'Verification requires a majority vote from all pledgers.';
/**
 * The rule behind the count (DESIGN.md section 5), under the spec's '(minimum 5 needed)': a
 * proof can be approved by one vote of a single pledger, which the minimum alone seems to deny.
 */
export const VOTE_RULE = `Approved as soon as most pledgers approve; rejected only with at least ${MIN_VOTES} votes.`;
export const VOTE_FINAL_NOTE =
  'Your vote is final and cannot be changed. Be fair in your assessment.';
export const VOTE_TOASTS = {
  approved: { title: 'Approved', description: "You've verified this dare as completed" },
  rejected: { title: 'Rejected', description: "You've marked this dare as incomplete" },
} as const;

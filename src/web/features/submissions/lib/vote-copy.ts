/** The vote modal's fixed texts (spec section 2, Vote / verification dialog). */
export const MIN_VOTES_TEXT = '(minimum 5 needed)';
export const VOTE_TOOLTIP = 'Verification requires a majority vote from all pledgers.';
export const VOTE_FINAL_NOTE =
  'Your vote is final and cannot be changed. Be fair in your assessment.';
export const VOTE_TOASTS = {
  approved: { title: 'Approved', description: "You've verified this dare as completed" },
  rejected: { title: 'Rejected', description: "You've marked this dare as incomplete" },
} as const;

import type { DareView } from '@/contracts/dares';

/**
 * Hidden until a moderator decides (issue 21 item 2, or held by the danger screen at
 * creation): only its owner and moderators see it, and its owner is told.
 */
export const isUnderReview = (dare: Pick<DareView, 'moderationState'>) =>
  dare.moderationState === 'under_review';

/** R-rated, and this viewer has not turned on 'Show R-rated dares': a gate, not the video. */
export const isMatureGated = (dare: Pick<DareView, 'matureGate'>) => dare.matureGate === true;

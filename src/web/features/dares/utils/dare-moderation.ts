import type { DareView } from '@/contracts/dares';
import type { ModerationState } from '@/contracts/moderation-values';

/**
 * What a dare view may say about moderation (issue 21 items 2 and 7). Read as optional: the
 * fields are added to the view by the server's part of the issue, and a view without them
 * (an older cached copy) means a visible, ungated dare.
 */
interface ModerationFields {
  moderationState?: ModerationState | null;
  /** R-rated, and this viewer has not turned on 'Show R-rated dares': a gate, not the video. */
  matureGate?: boolean;
}

const fields = (dare: DareView) => dare as DareView & ModerationFields;

/** Hidden until a moderator decides: its owner (the only other one who sees it) is told. */
export const isUnderReview = (dare: DareView) => fields(dare).moderationState === 'under_review';

/** The detail page shows the R-rated gate instead of the cover and video. */
export const isMatureGated = (dare: DareView) => fields(dare).matureGate === true;

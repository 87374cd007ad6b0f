import type { DareView } from '@/contracts/dares';
import type { Audience } from '../moderation/visibility-sql';

/** Whether the audience may see an R-rated dare's media: opted in, or it is theirs. */
export function seesMatureDare(
  dare: { contentRating: string; creatorId: number; takerId: number | null },
  audience: Audience,
): boolean {
  if (dare.contentRating !== 'R' || audience.mature) return true;
  const { viewerId } = audience;
  return viewerId !== undefined && (dare.creatorId === viewerId || dare.takerId === viewerId);
}

/**
 * The detail of an R-rated dare for an anonymous visitor or an account without 'Show R-rated
 * dares' (issue 21 item 7): the view says so (matureGate) and carries no media or words
 * beyond the title, so the page shows a gate instead of the video.
 */
export function withMatureGate(view: DareView, audience: Audience): DareView {
  if (seesMatureDare(view, audience)) return view;
  return {
    ...view,
    matureGate: true,
    description: '',
    coverImage: null,
    pitchVideo: null,
    pitchPoster: null,
    pitchCaptions: null,
    submission: null,
  };
}

import { isServerVideoUrl } from '@/contracts/dare-values';
import type { DareStatus } from '@/contracts/dares';

/** What the feed rules need to know about a dare. */
export type FeedDare = {
  status: DareStatus;
  creatorId: number;
  dareType: 'self' | 'challenge';
  isPublicChallenge: boolean;
  takerId: number | null;
  pitchVideo: string | null;
  /** The latest proof, if any. */
  submission: { status: 'pending' | 'approved' | 'rejected'; videoUrl: string } | null;
};

/**
 * Whether a dare has something to show (spec section 4 "Display rules"): a funding dare
 * needs a real pitch video, a completed one an approved proof with a real video. A dare
 * under vote shows its proof. Failed dares have nothing left to do in a feed.
 */
export function hasPlayableVideo(dare: FeedDare): boolean {
  switch (dare.status) {
    case 'pending':
    case 'active':
      return isServerVideoUrl(dare.pitchVideo);
    case 'verification':
      return dare.submission?.status === 'pending' && isServerVideoUrl(dare.submission.videoUrl);
    case 'completed':
      return dare.submission?.status === 'approved' && isServerVideoUrl(dare.submission.videoUrl);
    default:
      return false;
  }
}

/**
 * Feed filtering (spec section 4): a funding dare reaches everyone's feed once someone has
 * taken it on (a self dare, an accepted challenge) or anyone may (a public challenge); a
 * challenge still waiting for its invited recipient is shown only to its creator.
 */
export function isInFeed(dare: FeedDare, viewerId: number | undefined): boolean {
  if (!hasPlayableVideo(dare)) return false;
  if (dare.status !== 'pending' && dare.status !== 'active') return true;
  if (dare.dareType === 'self' || dare.isPublicChallenge || dare.takerId !== null) return true;
  return viewerId === dare.creatorId;
}

/** Which feed tab a dare belongs to (DESIGN.md section 3). */
export function feedTabOf(status: DareStatus): 'active' | 'votes' | 'watch' | null {
  if (status === 'pending' || status === 'active') return 'active';
  if (status === 'verification') return 'votes';
  if (status === 'completed') return 'watch';
  return null;
}

/** Feed ordering: dares the viewer pledged to first, then newest first (ties by id). */
export function compareFeedOrder(
  a: { pledgedByViewer: boolean; createdAt: Date; id: number },
  b: { pledgedByViewer: boolean; createdAt: Date; id: number },
): number {
  if (a.pledgedByViewer !== b.pledgedByViewer) return a.pledgedByViewer ? -1 : 1;
  const byTime = b.createdAt.getTime() - a.createdAt.getTime();
  return byTime !== 0 ? byTime : b.id - a.id;
}

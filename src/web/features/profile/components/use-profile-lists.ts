import type { DareView } from '@/contracts/dares';
import { MODERATION_MESSAGES } from '@/contracts/moderation-values';
import type { PledgeView } from '@/contracts/pledges';
import { groupPledgesByDare } from '@/domain/pledged-dares';
import { flattenDarePages } from '@/web/features/dares/api/dare-page-query';
import { useSavedDares } from '@/web/features/dares/api/get-saved-dares';
import { useUserDares } from '@/web/features/dares/api/get-user-dares';
import { darePosterUrl } from '@/web/features/dares/utils/dare-media';
import { isUnderReview } from '@/web/features/dares/utils/dare-moderation';
import { formatDollars } from '@/web/features/dares/utils/format-dare';
import { useMyPledges } from '@/web/features/pledges/api/get-my-pledges';
import { canSubmitProof } from '@/web/features/submissions/lib/proof-eligibility';
import type { ProfileGridItem } from './profile-dare-grid';

export type ProfileTab = 'created' | 'pledged' | 'completed' | 'saved';

export interface ListState {
  items: ProfileGridItem[];
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/**
 * A dare as a tile; one the owner took on from someone else's challenge says so, and one
 * the owner must prove now offers 'Submit Proof' (the dare detail opens the proof dialog).
 */
function dareItem(dare: DareView, ownerId?: number): ProfileGridItem {
  const takenOn = ownerId !== undefined && dare.creatorId !== ownerId && dare.takerId === ownerId;
  return {
    dareId: dare.id,
    title: dare.title,
    status: dare.status,
    poster: darePosterUrl(dare),
    // Hidden from everyone else until a moderator decides (issue 21): the owner is told first.
    ...(isUnderReview(dare)
      ? { marker: MODERATION_MESSAGES.underReviewBadge }
      : takenOn
        ? { marker: 'Taken on' }
        : {}),
    ...(canSubmitProof(dare, ownerId)
      ? { action: { href: `/dares/${dare.id}?proof=1`, label: 'Submit Proof' } }
      : {}),
  };
}

/** One card per pledged dare: the viewer's total and the pledge's state in words. */
export function pledgedItems(pledges: PledgeView[]): ProfileGridItem[] {
  return groupPledgesByDare(pledges).map((card) => ({
    dareId: card.dare.id,
    title: card.dare.title,
    status: card.dare.status,
    poster: card.dare.coverImage || card.dare.pitchPoster || null,
    note: `${formatDollars(card.amount)} · ${card.statusText}`,
    ...(card.finishPledgeId
      ? { action: { href: `/pledge/${card.finishPledgeId}/payment`, label: 'Finish payment' } }
      : {}),
    ...(card.cancellablePledgeIds.length > 0
      ? { cancel: { pledgeIds: card.cancellablePledgeIds, amount: card.cancellableAmount } }
      : {}),
  }));
}

/**
 * The lists behind the profile's tabs. Dares = created and taken on; Completed = the ones
 * the user completed as taker (a challenge they created is completed by its taker).
 */
export function useProfileLists(userId: number, tab: ProfileTab): Record<ProfileTab, ListState> {
  const dares = useUserDares(userId);
  const pledges = useMyPledges(tab === 'pledged');
  const saved = useSavedDares(tab === 'saved');
  const allDares = flattenDarePages(dares.data);
  const paged = (query: typeof dares, items: ProfileGridItem[]): ListState => ({
    items,
    isPending: query.isPending,
    isError: query.isError,
    refetch: () => void query.refetch(),
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  });
  return {
    created: paged(
      dares,
      allDares.map((dare) => dareItem(dare, userId)),
    ),
    completed: paged(
      dares,
      allDares
        .filter((dare) => dare.status === 'completed' && dare.takerId === userId)
        .map((dare) => dareItem(dare, userId)),
    ),
    pledged: {
      items: pledgedItems(pledges.data ?? []),
      isPending: pledges.isPending,
      isError: pledges.isError,
      refetch: () => void pledges.refetch(),
      hasMore: false,
      loadingMore: false,
      loadMore: () => {},
    },
    saved: paged(
      saved,
      flattenDarePages(saved.data).map((dare) => dareItem(dare)),
    ),
  };
}

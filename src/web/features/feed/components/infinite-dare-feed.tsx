import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import type { DarePage, DareView } from '@/contracts/dares';
import { flattenDarePages } from '@/web/features/dares/api/dare-page-query';
import { DareSwipeFeed } from './dare-swipe-feed';
import { FeedError, FeedLoading } from './feed-states';

interface InfiniteDareFeedProps {
  query: UseInfiniteQueryResult<InfiniteData<DarePage>>;
  label: string;
  empty: ReactNode;
  /** Replaces the generic error (a 401 on a signed-in-only tab, for one). */
  renderError?: (error: Error) => ReactNode | null;
  soundBadge?: boolean;
  /** A dare to open the feed on, first in the list (the one just created, for one). */
  pinned?: DareView | null;
  /** Still looking the pinned dare up: opening on another one first would jump. */
  pinnedPending?: boolean;
}

/** A paged dare list as the swipe feed, with its loading, error and empty states. */
export function InfiniteDareFeed({
  query,
  label,
  empty,
  renderError,
  soundBadge,
  pinned,
  pinnedPending = false,
}: InfiniteDareFeedProps) {
  const dares = useMemo(() => {
    const listed = flattenDarePages(query.data);
    if (!pinned) return listed;
    return [pinned, ...listed.filter((dare) => dare.id !== pinned.id)];
  }, [query.data, pinned]);
  if (query.isPending || pinnedPending) return <FeedLoading />;
  if (query.isError) {
    return (
      renderError?.(query.error) ?? (
        <FeedError onRetry={() => void query.refetch()} busy={query.isFetching} />
      )
    );
  }
  if (dares.length === 0) return <>{empty}</>;
  return (
    <DareSwipeFeed
      dares={dares}
      label={label}
      soundBadge={soundBadge}
      hasMore={query.hasNextPage}
      loadingMore={query.isFetchingNextPage}
      loadMore={() => void query.fetchNextPage()}
    />
  );
}

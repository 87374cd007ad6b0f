import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useMemo } from 'react';
import type { DarePage } from '@/contracts/dares';
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
}

/** A paged dare list as the swipe feed, with its loading, error and empty states. */
export function InfiniteDareFeed({
  query,
  label,
  empty,
  renderError,
  soundBadge,
}: InfiniteDareFeedProps) {
  const dares = useMemo(() => flattenDarePages(query.data), [query.data]);
  if (query.isPending) return <FeedLoading />;
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

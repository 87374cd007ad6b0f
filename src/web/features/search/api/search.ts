import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchDaresPage, SearchPeoplePage, SearchType } from '@/contracts/search';
import { apiRequest } from '@/web/lib/api-client';
import { SEARCH_KEY } from './search-keys';

/** Results are fresh for 30 s: retyping a query shows them at once. */
const SEARCH_STALE_MS = 30_000;

type PageOf<T extends SearchType> = T extends 'people' ? SearchPeoplePage : SearchDaresPage;

/** GET /api/search: one section (people or dares), paged by nextCursor. */
export function getSearchPage<T extends SearchType>(
  type: T,
  q: string,
  cursor: string | null,
  signal?: AbortSignal,
) {
  const params = new URLSearchParams({ q, type });
  if (cursor) params.set('cursor', cursor);
  return apiRequest<PageOf<T>>(`${SEARCH_KEY}?${params}`, { signal });
}

/** One section of the results for `q`; idle while `q` is empty. */
export function useSearchSection<T extends SearchType>(type: T, q: string) {
  return useInfiniteQuery({
    queryKey: [SEARCH_KEY, type, q],
    queryFn: ({ pageParam, signal }) => getSearchPage(type, q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: PageOf<T>) => last.nextCursor,
    enabled: q.length > 0,
    staleTime: SEARCH_STALE_MS,
    // The previous query's results stay on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
    // A rate-limited or refused search is shown with its retry button, not retried blindly.
    retry: false,
  });
}

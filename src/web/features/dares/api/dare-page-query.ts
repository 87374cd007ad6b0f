import type { InfiniteData, QueryKey } from '@tanstack/react-query';
import type { DarePage } from '@/contracts/dares';
import { apiRequest } from '@/web/lib/api-client';

/** GET one page of a dare list; `params` and the cursor become the query string. */
export function getDarePage(
  path: string,
  params: Record<string, string | number | undefined>,
  signal?: AbortSignal,
) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return apiRequest<DarePage>(query ? `${path}?${query}` : path, { signal });
}

/** Options for an infinite list of dares paged by nextCursor. */
export function darePageQuery(
  queryKey: QueryKey,
  path: string,
  params: Record<string, string | number | undefined> = {},
) {
  return {
    queryKey,
    queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) =>
      getDarePage(path, { ...params, cursor: pageParam ?? undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: DarePage) => last.nextCursor,
  };
}

/** The pages flattened, each dare once (a dare can move between pages while paging). */
export function flattenDarePages(data: InfiniteData<DarePage> | undefined) {
  const seen = new Set<number>();
  const items = [];
  for (const page of data?.pages ?? []) {
    for (const dare of page.items) {
      if (seen.has(dare.id)) continue;
      seen.add(dare.id);
      items.push(dare);
    }
  }
  return items;
}

import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { DarePage, DareView } from '@/contracts/dares';

/** Every cached dare list and dare lives under this first key segment. */
export const DARES_KEY = '/api/dares';

type DareCacheEntry = DareView | DarePage | InfiniteData<DarePage, unknown> | undefined;

function isDare(value: unknown): value is DareView {
  return !!value && typeof value === 'object' && 'id' in value && 'creatorId' in value;
}

function isPage(value: unknown): value is DarePage {
  return !!value && typeof value === 'object' && Array.isArray((value as DarePage).items);
}

function isInfinite(value: unknown): value is InfiniteData<DarePage, unknown> {
  if (!value || typeof value !== 'object') return false;
  const { pages } = value as InfiniteData<unknown>;
  return Array.isArray(pages) && pages.every(isPage);
}

function patchPage(page: DarePage, id: number, patch: (dare: DareView) => DareView): DarePage {
  if (!page.items.some((dare) => dare.id === id)) return page;
  return { ...page, items: page.items.map((dare) => (dare.id === id ? patch(dare) : dare)) };
}

/**
 * Applies `patch` to dare `id` wherever it is cached (feeds, discover, trending, profile
 * grids, the detail page), so a like or a comment shows the same count everywhere.
 */
export function patchDareEverywhere(
  queryClient: QueryClient,
  id: number,
  patch: (dare: DareView) => DareView,
) {
  queryClient.setQueriesData<DareCacheEntry>({ queryKey: [DARES_KEY] }, (entry) => {
    if (isInfinite(entry)) {
      return { ...entry, pages: entry.pages.map((page) => patchPage(page, id, patch)) };
    }
    if (isPage(entry)) return patchPage(entry, id, patch);
    if (isDare(entry) && entry.id === id) return patch(entry);
    return entry;
  });
}

/** The cached copy of dare `id` from any list, to restore after a failed optimistic change. */
export function findCachedDare(queryClient: QueryClient, id: number): DareView | undefined {
  for (const [, entry] of queryClient.getQueriesData<DareCacheEntry>({ queryKey: [DARES_KEY] })) {
    if (isDare(entry) && entry.id === id) return entry;
    const pages = isInfinite(entry) ? entry.pages : isPage(entry) ? [entry] : [];
    for (const page of pages) {
      const found = page.items.find((dare) => dare.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

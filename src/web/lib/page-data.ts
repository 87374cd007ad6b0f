/** When the page's data went into the query cache (app/initial-data.ts); 0: it brought none. */
let seededAt = 0;

/** Called once by the seeding: the time every seeded entry is stamped with. */
export function markPageDataSeeded(): number {
  seededAt = Date.now();
  return seededAt;
}

/**
 * How long a screen treats the data that came with the page as fresh. The server read it for
 * this page a moment ago, so a screen that reads its data again each time it opens (staleTime
 * 0: achievements, stats, conversations, dare requests; the own profile's counts) would only
 * repeat that read, and its
 * answer would render the screen a second time just after it appeared (issue 23 item 5).
 */
export const PAGE_DATA_FRESH_MS = 10_000;

/** Whether a cache entry holds the page's own data, seeded less than PAGE_DATA_FRESH_MS ago. */
export function isFromPage(dataUpdatedAt: number | undefined): boolean {
  return seededAt !== 0 && dataUpdatedAt === seededAt && Date.now() - seededAt < PAGE_DATA_FRESH_MS;
}

/**
 * A query's staleTime: `staleMs`, except for the entry the page seeded, which stays fresh for
 * PAGE_DATA_FRESH_MS. An invalidation (a live event, a mutation) still refetches it at once.
 */
export function unlessFromPage(staleMs: number) {
  return (query: { state: { dataUpdatedAt: number } }) =>
    seededAt !== 0 && query.state.dataUpdatedAt === seededAt
      ? Math.max(staleMs, PAGE_DATA_FRESH_MS)
      : staleMs;
}

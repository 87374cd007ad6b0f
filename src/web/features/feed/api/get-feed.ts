import { useInfiniteQuery } from '@tanstack/react-query';
import type { FeedTab } from '@/contracts/dares';
import { DARES_KEY } from '@/web/features/dares/api/dare-cache';
import { darePageQuery } from '@/web/features/dares/api/dare-page-query';

/** The feed is cached for 60 s (spec section 9). */
export const FEED_STALE_MS = 60_000;

/** GET /api/dares?tab=…: the server applies the display rules and the pledged-first order. */
export function useFeed(tab: FeedTab) {
  return useInfiniteQuery({
    ...darePageQuery([DARES_KEY, 'feed', { tab }], DARES_KEY, { tab }),
    staleTime: FEED_STALE_MS,
  });
}

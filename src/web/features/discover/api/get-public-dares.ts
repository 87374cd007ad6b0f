import { useInfiniteQuery } from '@tanstack/react-query';
import { DARES_KEY } from '@/web/features/dares/api/dare-cache';
import { darePageQuery } from '@/web/features/dares/api/dare-page-query';

/** Discover data is fresh for 60 s (spec section 9). */
export const DISCOVER_STALE_MS = 60_000;

/** GET /api/dares/public: dares anyone can fund right now, newest first. */
export function usePublicDares() {
  return useInfiniteQuery({
    ...darePageQuery([DARES_KEY, 'public'], `${DARES_KEY}/public`),
    staleTime: DISCOVER_STALE_MS,
  });
}

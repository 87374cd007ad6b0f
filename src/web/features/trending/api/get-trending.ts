import { useQuery } from '@tanstack/react-query';
import type { TrendingType } from '@/contracts/dares';
import { DARES_KEY } from '@/web/features/dares/api/dare-cache';
import { getDarePage } from '@/web/features/dares/api/dare-page-query';

/** GET /api/dares/trending?type=…: the first page of one ranking. */
export function useTrendingDares(type: TrendingType) {
  return useQuery({
    queryKey: [DARES_KEY, 'trending', type],
    queryFn: ({ signal }) => getDarePage(`${DARES_KEY}/trending`, { type }, signal),
    staleTime: 60_000,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { UserStats } from '@/contracts/achievements';
import { apiRequest } from '@/web/lib/api-client';
import { unlessFromPage } from '@/web/lib/page-data';
import { userStatsKey } from './achievement-keys';

/** GET /api/users/{id}/stats: total points, unlocked count and the recent unlocks. */
export function useUserStats(userId: number | undefined) {
  return useQuery({
    queryKey: userStatsKey(userId),
    queryFn: ({ signal }) => apiRequest<UserStats>(`/api/users/${userId}/stats`, { signal }),
    enabled: userId !== undefined,
    staleTime: unlessFromPage(0),
    refetchOnWindowFocus: true,
  });
}

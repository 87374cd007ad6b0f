import { useQuery } from '@tanstack/react-query';
import type { AchievementView } from '@/contracts/achievements';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { apiRequest } from '@/web/lib/api-client';
import { unlessFromPage } from '@/web/lib/page-data';
import { ACHIEVEMENTS_KEY } from './achievement-keys';

/**
 * GET /api/achievements: the catalogue with the viewer's progress. Keyed by the viewer so
 * signing in or out never shows someone else's (or nobody's) progress from the cache.
 */
export function useAchievements() {
  const { data: user, isPending } = useCurrentUser();
  return useQuery({
    queryKey: [...ACHIEVEMENTS_KEY, 'viewer', user?.id ?? null],
    queryFn: ({ signal }) => apiRequest<AchievementView[]>('/api/achievements', { signal }),
    enabled: !isPending,
    staleTime: unlessFromPage(0),
    refetchOnWindowFocus: true,
  });
}

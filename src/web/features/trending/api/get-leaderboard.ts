import { useQuery } from '@tanstack/react-query';
import type { Leaderboard, LeaderboardBoard, LeaderboardPeriod } from '@/contracts/leaderboards';
import { apiRequest } from '@/web/lib/api-client';

/** GET /api/leaderboards?board=&period=: one board's top people. */
export function useLeaderboard(board: LeaderboardBoard, period: LeaderboardPeriod) {
  return useQuery({
    queryKey: ['/api/leaderboards', { board, period }],
    queryFn: ({ signal }) =>
      apiRequest<Leaderboard>(`/api/leaderboards?board=${board}&period=${period}`, { signal }),
    staleTime: 60_000,
  });
}

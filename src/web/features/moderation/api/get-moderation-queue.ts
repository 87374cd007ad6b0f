import { useQuery } from '@tanstack/react-query';
import type { ModerationQueue } from '@/contracts/moderation';
import { apiRequest } from '@/web/lib/api-client';

export type QueueStatus = 'open' | 'resolved';

/** Every moderation query starts with this: an action refetches them all (queue tabs and log). */
export const MODERATION_KEY = ['/api/moderation'] as const;
export const moderationQueueKey = (status: QueueStatus) =>
  [...MODERATION_KEY, 'reports', status] as const;

/** GET /api/moderation/reports?status=: cases grouped by target, most reported first. */
export function useModerationQueue(status: QueueStatus) {
  return useQuery({
    queryKey: moderationQueueKey(status),
    queryFn: ({ signal }) =>
      apiRequest<ModerationQueue>(`/api/moderation/reports?status=${status}`, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

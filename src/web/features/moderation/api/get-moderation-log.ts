import { useInfiniteQuery } from '@tanstack/react-query';
import type { ModerationLog } from '@/contracts/moderation';
import { apiRequest } from '@/web/lib/api-client';
import { MODERATION_KEY } from './get-moderation-queue';

/** GET /api/moderation/log: the audit log, newest first, paged by nextCursor. */
export function useModerationLog() {
  return useInfiniteQuery({
    queryKey: [...MODERATION_KEY, 'log'],
    queryFn: ({ pageParam, signal }) =>
      apiRequest<ModerationLog>(
        `/api/moderation/log${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
  });
}

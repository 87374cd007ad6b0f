import { useInfiniteQuery } from '@tanstack/react-query';
import type { MessagePage } from '@/contracts/conversations';
import { LIVE_SAFETY_POLL_MS, MESSAGES_POLL_MS } from '@/contracts/limits';
import { apiRequest } from '@/web/lib/api-client';
import { useLiveConnected } from '../live/live-status';

export const messagesKey = (conversationId: number) =>
  ['/api/conversations', conversationId, 'messages'] as const;

/**
 * GET /api/conversations/{id}/messages: the newest page first, older pages on demand, polled
 * every 3 s (spec section 7). Fetching the newest page marks the conversation read.
 */
export function useMessages(conversationId: number) {
  const live = useLiveConnected();
  return useInfiniteQuery({
    queryKey: messagesKey(conversationId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<MessagePage>(
        `/api/conversations/${conversationId}/messages${pageParam ? `?cursor=${pageParam}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    // The spec's poll while the live stream is down; a slow safety net while it is up.
    refetchInterval: live ? LIVE_SAFETY_POLL_MS : MESSAGES_POLL_MS,
    refetchOnWindowFocus: true,
    retry: (count, error) => count < 3 && !('status' in error && error.status === 404),
  });
}

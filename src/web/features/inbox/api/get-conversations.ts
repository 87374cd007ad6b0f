import { useQuery } from '@tanstack/react-query';
import type { ConversationView } from '@/contracts/conversations';
import { CONVERSATIONS_POLL_MS, LIVE_SAFETY_POLL_MS } from '@/contracts/limits';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { apiRequest } from '@/web/lib/api-client';
import { unlessFromPage } from '@/web/lib/page-data';
import { useLiveConnected } from '../live/live-status';

export const CONVERSATIONS_KEY = ['/api/conversations'] as const;

/**
 * GET /api/conversations, polled every 5 s (spec section 7) while a user is signed in: the
 * list and the Inbox tab's badge read the same query, so there is one poll for both.
 */
export function useConversations() {
  const { data: user } = useCurrentUser();
  const live = useLiveConnected();
  return useQuery({
    queryKey: CONVERSATIONS_KEY,
    queryFn: ({ signal }) => apiRequest<ConversationView[]>('/api/conversations', { signal }),
    enabled: Boolean(user),
    staleTime: unlessFromPage(0),
    // The spec's poll while the live stream is down; a slow safety net while it is up.
    refetchInterval: live ? LIVE_SAFETY_POLL_MS : CONVERSATIONS_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** Unread messages across every conversation: the bottom nav's Inbox badge. */
export function useInboxUnreadCount(): number {
  const { data } = useConversations();
  return data?.reduce((sum, conversation) => sum + conversation.unreadCount, 0) ?? 0;
}

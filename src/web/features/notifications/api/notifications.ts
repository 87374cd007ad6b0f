import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPage, UnreadCount } from '@/contracts/notifications';
import { useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { apiRequest } from '@/web/lib/api-client';

export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;
const UNREAD_KEY = [...NOTIFICATIONS_KEY, 'unread'] as const;
/** The badge polls modestly; live updates over SSE come later (DESIGN.md section 6). */
export const UNREAD_POLL_MS = 30_000;

const fetchPage = (cursor: string | null, limit: number, signal?: AbortSignal) =>
  apiRequest<NotificationPage>(
    `/api/notifications?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    { signal },
  );

/** The unread count for the badge: only for a signed-in user, polled and refreshed on focus. */
export function useUnreadCount() {
  const { data: user } = useCurrentUser();
  return useQuery({
    queryKey: UNREAD_KEY,
    // One row is enough: the page carries the count.
    queryFn: async ({ signal }) => (await fetchPage(null, 1, signal)).unreadCount,
    enabled: Boolean(user),
    staleTime: 0,
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** The notifications screen's list, newest first, page by page. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: [...NOTIFICATIONS_KEY, 'list'],
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, 20, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/** POST /api/notifications/read: all (no ids) or some; the badge takes the new count. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) =>
      apiRequest<UnreadCount>('/api/notifications/read', {
        method: 'POST',
        body: ids ? { ids } : {},
      }),
    onSuccess: ({ unreadCount }) => {
      queryClient.setQueryData(UNREAD_KEY, unreadCount);
      void queryClient.invalidateQueries({ queryKey: [...NOTIFICATIONS_KEY, 'list'] });
    },
  });
}

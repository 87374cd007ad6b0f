import { useInfiniteQuery } from '@tanstack/react-query';
import type { FollowPage } from '@/contracts/follows';
import { apiRequest } from '@/web/lib/api-client';
import { type FollowListKind, followListKey, USERS_KEY } from './user-keys';

/** Followers or followed people of a user, newest follow first, paged by nextCursor. */
export function useFollowList(userId: number, kind: FollowListKind) {
  return useInfiniteQuery({
    queryKey: followListKey(userId, kind),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<FollowPage>(
        `${USERS_KEY}/${userId}/${kind}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`,
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: Number.isInteger(userId) && userId > 0,
  });
}

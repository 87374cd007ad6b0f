import { useInfiniteQuery } from '@tanstack/react-query';
import { COMMENT_PAGE_DEFAULT, type CommentView } from '@/contracts/social';
import { apiRequest } from '@/web/lib/api-client';

export const commentsQueryKey = (dareId: number) => ['/api/dares', dareId, 'comments'] as const;

export function getComments(dareId: number, before: number | null, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(COMMENT_PAGE_DEFAULT) });
  if (before) query.set('before', String(before));
  return apiRequest<CommentView[]>(`/api/dares/${dareId}/comments?${query}`, { signal });
}

/** Newest top-level comments first, with their replies; older ones page in on request. */
export function useComments(dareId: number, enabled = true) {
  return useInfiniteQuery({
    queryKey: commentsQueryKey(dareId),
    queryFn: ({ pageParam, signal }) => getComments(dareId, pageParam, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) =>
      last.length >= COMMENT_PAGE_DEFAULT ? (last.at(-1)?.id ?? null) : null,
    staleTime: 15_000,
    enabled,
  });
}

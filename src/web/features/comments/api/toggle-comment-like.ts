import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeState } from '@/contracts/social';
import { apiRequest } from '@/web/lib/api-client';
import { findComment, patchComment } from './comment-cache';
import { commentsQueryKey } from './get-comments';

export function setCommentLike(id: number, like: boolean) {
  return apiRequest<LikeState>(`/api/comments/${id}/likes`, { method: like ? 'POST' : 'DELETE' });
}

export function useToggleCommentLike(dareId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, like }: { id: number; like: boolean }) => setCommentLike(id, like),
    onMutate: async ({ id, like }) => {
      await queryClient.cancelQueries({ queryKey: commentsQueryKey(dareId) });
      const before = findComment(queryClient, dareId, id);
      patchComment(queryClient, dareId, id, (c) =>
        c.isLiked === like
          ? c
          : { ...c, isLiked: like, likeCount: Math.max(0, c.likeCount + (like ? 1 : -1)) },
      );
      return { before };
    },
    onSuccess: (state, { id }) => {
      patchComment(queryClient, dareId, id, (c) => ({
        ...c,
        isLiked: state.liked,
        likeCount: state.likeCount,
      }));
    },
    onError: (_error, { id }, context) => {
      const before = context?.before;
      if (before) {
        patchComment(queryClient, dareId, id, (c) => ({
          ...c,
          isLiked: before.isLiked,
          likeCount: before.likeCount,
        }));
      }
    },
  });
}

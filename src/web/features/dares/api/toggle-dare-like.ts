import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeState } from '@/contracts/social';
import { apiRequest } from '@/web/lib/api-client';
import { DARES_KEY, findCachedDare, patchDareEverywhere } from './dare-cache';

export function setDareLike(id: number, like: boolean) {
  return apiRequest<LikeState>(`${DARES_KEY}/${id}/likes`, { method: like ? 'POST' : 'DELETE' });
}

/** Like or unlike at once everywhere the dare shows; put it back if the server says no. */
export function useToggleDareLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, like }: { id: number; like: boolean }) => setDareLike(id, like),
    onMutate: async ({ id, like }) => {
      await queryClient.cancelQueries({ queryKey: [DARES_KEY] });
      const before = findCachedDare(queryClient, id);
      patchDareEverywhere(queryClient, id, (dare) =>
        dare.isLiked === like
          ? dare
          : { ...dare, isLiked: like, likeCount: Math.max(0, dare.likeCount + (like ? 1 : -1)) },
      );
      return { before };
    },
    onSuccess: (state, { id }) => {
      patchDareEverywhere(queryClient, id, (dare) => ({
        ...dare,
        isLiked: state.liked,
        likeCount: state.likeCount,
      }));
    },
    onError: (_error, { id }, context) => {
      const before = context?.before;
      if (before) {
        patchDareEverywhere(queryClient, id, (dare) => ({
          ...dare,
          isLiked: before.isLiked,
          likeCount: before.likeCount,
        }));
      }
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { patchDareEverywhere } from '@/web/features/dares/api/dare-cache';
import { apiRequest } from '@/web/lib/api-client';
import { removeComment } from './comment-cache';

export function deleteComment(id: number) {
  return apiRequest<void>(`/api/comments/${id}`, { method: 'DELETE' });
}

export function useDeleteComment(dareId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_result, id) => {
      const removed = removeComment(queryClient, dareId, id);
      patchDareEverywhere(queryClient, dareId, (dare) => ({
        ...dare,
        commentCount: Math.max(0, dare.commentCount - removed),
      }));
    },
  });
}

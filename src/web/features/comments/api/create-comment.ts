import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommentView, CreateCommentInput } from '@/contracts/social';
import { patchDareEverywhere } from '@/web/features/dares/api/dare-cache';
import { apiRequest } from '@/web/lib/api-client';
import { insertComment } from './comment-cache';

export function createComment(dareId: number, input: CreateCommentInput) {
  return apiRequest<CommentView>(`/api/dares/${dareId}/comments`, { method: 'POST', body: input });
}

export function useCreateComment(dareId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCommentInput) => createComment(dareId, input),
    onSuccess: (comment) => {
      insertComment(queryClient, dareId, comment);
      patchDareEverywhere(queryClient, dareId, (dare) => ({
        ...dare,
        commentCount: dare.commentCount + 1,
      }));
    },
  });
}

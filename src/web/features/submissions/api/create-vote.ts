import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateVoteInput, VoteResult } from '@/contracts/submissions';
import { apiRequest } from '@/web/lib/api-client';
import { invalidateAfterProofChange, submissionsKey } from './submission-keys';

/** POST /api/votes: a pledger's final vote; the answer is the submission after it. */
export function useCreateVote(dareId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateVoteInput) =>
      apiRequest<VoteResult>('/api/votes', { method: 'POST', body: input }),
    onSuccess: (result) => {
      // The viewer's vote shows at once; the refetch brings the dare's new status.
      queryClient.setQueryData(submissionsKey(dareId), (list: VoteResult['submission'][] = []) =>
        list.map((item) => (item.id === result.submission.id ? result.submission : item)),
      );
      return invalidateAfterProofChange(queryClient, dareId);
    },
  });
}

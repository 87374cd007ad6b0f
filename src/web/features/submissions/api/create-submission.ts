import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSubmissionInput, SubmissionView } from '@/contracts/submissions';
import { apiRequest } from '@/web/lib/api-client';
import { invalidateAfterProofChange, SUBMISSIONS_KEY } from './submission-keys';

/** POST /api/submissions: the taker's proof; the dare moves to verification. */
export function useCreateSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateSubmissionInput) =>
      apiRequest<SubmissionView>(SUBMISSIONS_KEY, { method: 'POST', body: input }),
    onSuccess: (submission) => invalidateAfterProofChange(queryClient, submission.dareId),
  });
}

import { useQuery } from '@tanstack/react-query';
import type { SubmissionView } from '@/contracts/submissions';
import { apiRequest } from '@/web/lib/api-client';
import { SUBMISSIONS_KEY, submissionsKey } from './submission-keys';

export function getSubmissions(dareId: number, signal?: AbortSignal) {
  return apiRequest<SubmissionView[]>(`${SUBMISSIONS_KEY}?dareId=${dareId}`, { signal });
}

/** GET /api/submissions?dareId=: the dare's proofs, newest first, with the viewer's vote. */
export function useSubmissions(dareId: number, enabled = true) {
  return useQuery({
    queryKey: submissionsKey(dareId),
    queryFn: ({ signal }) => getSubmissions(dareId, signal),
    enabled: enabled && dareId > 0,
    staleTime: 10_000,
  });
}

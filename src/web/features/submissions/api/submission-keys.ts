import type { QueryClient } from '@tanstack/react-query';
import { DARES_KEY } from '@/web/features/dares/api/dare-cache';

export const SUBMISSIONS_KEY = '/api/submissions';

export const submissionsKey = (dareId: number) => [SUBMISSIONS_KEY, dareId] as const;

/** A proof or a vote changes the dare (status, totals) and its submissions everywhere. */
export function invalidateAfterProofChange(queryClient: QueryClient, dareId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [DARES_KEY] }),
    queryClient.invalidateQueries({ queryKey: submissionsKey(dareId) }),
  ]);
}

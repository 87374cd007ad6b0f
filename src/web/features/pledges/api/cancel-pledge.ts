import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PledgeView } from '@/contracts/pledges';
import { apiRequest } from '@/web/lib/api-client';
import { refreshAfterPledge } from './pledge-caches';

/**
 * POST /api/pledges/{id}/cancel for each of the viewer's cancellable pledges on one dare (a
 * card on the Pledged tab may stand for several). The server is idempotent, so a retry after
 * a partial failure is safe. Totals, pledger list and the viewer's pledges refetch after.
 */
export function useCancelPledges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (pledgeIds: number[]) => {
      const results: PledgeView[] = [];
      for (const id of pledgeIds) {
        results.push(await apiRequest<PledgeView>(`/api/pledges/${id}/cancel`, { method: 'POST' }));
      }
      return results;
    },
    onSettled: () => refreshAfterPledge(queryClient),
  });
}

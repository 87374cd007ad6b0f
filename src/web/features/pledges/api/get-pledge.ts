import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PledgeView } from '@/contracts/pledges';
import { apiRequest } from '@/web/lib/api-client';

export const PLEDGES_KEY = '/api/pledges';

export const pledgeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [PLEDGES_KEY, id],
    queryFn: ({ signal }) => apiRequest<PledgeView>(`${PLEDGES_KEY}/${id}`, { signal }),
  });

/** GET /api/pledges/{id}: the viewer's own pledge, with its dare's id, title and status. */
export function usePledge(id: number | null) {
  return useQuery({ ...pledgeQueryOptions(id ?? 0), enabled: id !== null });
}

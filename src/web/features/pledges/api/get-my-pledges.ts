import { useQuery } from '@tanstack/react-query';
import type { PledgeView } from '@/contracts/pledges';
import { apiRequest } from '@/web/lib/api-client';
import { PLEDGES_KEY } from './get-pledge';

/** GET /api/pledges/user: the viewer's pledges, newest first (refreshed after each pledge). */
export function useMyPledges(enabled = true) {
  return useQuery({
    queryKey: [PLEDGES_KEY, 'user'],
    queryFn: ({ signal }) => apiRequest<PledgeView[]>(`${PLEDGES_KEY}/user`, { signal }),
    enabled,
  });
}

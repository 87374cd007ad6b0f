import type { QueryClient } from '@tanstack/react-query';
import { DARES_KEY } from '@/web/features/dares/api/dare-cache';
import { PLEDGES_KEY } from './get-pledge';

/**
 * After a card is authorized the dare's total, pledge count, pledger list and the feed's
 * pledged-first order all change on the server: refetch every dare read (feeds, detail,
 * pledgers live under /api/dares) and the viewer's pledges.
 */
export function refreshAfterPledge(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: [DARES_KEY] }),
    queryClient.invalidateQueries({ queryKey: [PLEDGES_KEY] }),
  ]);
}

import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { darePledgeSchema } from '@/contracts/dares';
import { apiRequest } from '@/web/lib/api-client';
import { DARES_KEY } from './dare-cache';

export type DarePledge = z.infer<typeof darePledgeSchema>;

export function getDarePledges(id: number, signal?: AbortSignal) {
  return apiRequest<DarePledge[]>(`${DARES_KEY}/${id}/pledges`, { signal });
}

export function useDarePledges(id: number) {
  return useQuery({
    queryKey: [DARES_KEY, id, 'pledges'],
    queryFn: ({ signal }) => getDarePledges(id, signal),
    staleTime: 30_000,
  });
}

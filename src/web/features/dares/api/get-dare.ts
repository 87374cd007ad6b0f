import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DareView } from '@/contracts/dares';
import { apiRequest } from '@/web/lib/api-client';
import { DARES_KEY } from './dare-cache';

export function getDare(id: number, signal?: AbortSignal) {
  return apiRequest<DareView>(`${DARES_KEY}/${id}`, { signal });
}

export const dareQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [DARES_KEY, id],
    queryFn: ({ signal }) => getDare(id, signal),
    staleTime: 30_000,
  });

export function useDare(id: number) {
  return useQuery({ ...dareQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

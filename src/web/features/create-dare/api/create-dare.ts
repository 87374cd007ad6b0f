import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDareInput, DareView } from '@/contracts/dares';
import { apiRequest } from '@/web/lib/api-client';

/** POST /api/dares; every cached dare list may now include the new dare. */
export function useCreateDare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateDareInput) =>
      apiRequest<DareView>('/api/dares', { method: 'POST', body: payload }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/dares'),
      }),
  });
}

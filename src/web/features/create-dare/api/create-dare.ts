import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDareInput } from '@/contracts/dares';
import type { CreatedDare } from '@/contracts/invitations';
import { apiRequest } from '@/web/lib/api-client';

/**
 * POST /api/dares; every cached dare list may now include the new dare. A phone
 * challenge's answer carries its invitation link (once).
 */
export function useCreateDare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (payload: CreateDareInput) =>
      apiRequest<CreatedDare>('/api/dares', { method: 'POST', body: payload }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/dares'),
      }),
  });
}

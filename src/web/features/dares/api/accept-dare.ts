import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/web/lib/api-client';
import { DARES_KEY } from './dare-cache';

export function acceptDare(id: number) {
  return apiRequest<unknown>(`${DARES_KEY}/${id}/accept`, { method: 'POST' });
}

/** Takes on a public challenge; every list refreshes since the dare changed hands. */
export function useAcceptDare() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptDare,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [DARES_KEY] }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptDareRequestResult, DareRequestView } from '@/contracts/dare-requests';
import { DARES_KEY } from '@/web/features/dares/api/dare-cache';
import { apiRequest } from '@/web/lib/api-client';
import { DARE_REQUESTS_KEY } from './dare-request-keys';

/** POST /api/dare-requests/{id}/accept: answers the dare it created on the recipient's profile. */
export function useAcceptDareRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<AcceptDareRequestResult>(`/api/dare-requests/${id}/accept`, { method: 'POST' }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: DARE_REQUESTS_KEY });
      // The profile's dare list gains the accepted dare.
      void queryClient.invalidateQueries({ queryKey: [DARES_KEY] });
    },
  });
}

/** POST /api/dare-requests/{id}/decline. */
export function useDeclineDareRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest<DareRequestView>(`/api/dare-requests/${id}/decline`, { method: 'POST' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: DARE_REQUESTS_KEY }),
  });
}

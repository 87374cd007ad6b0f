import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateDareRequestInput, DareRequestView } from '@/contracts/dare-requests';
import { apiRequest } from '@/web/lib/api-client';
import { dareRequestsKey } from './dare-request-keys';

/** POST /api/dare-requests; the Sent tab shows the new request next time. */
export function useSendDareRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDareRequestInput) =>
      apiRequest<DareRequestView>('/api/dare-requests', { method: 'POST', body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: dareRequestsKey('sent') }),
  });
}

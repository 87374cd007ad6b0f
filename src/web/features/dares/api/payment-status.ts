import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentStatus } from '@/contracts/funding';
import type { CapturePaymentsResult } from '@/contracts/pledges';
import { apiRequest } from '@/web/lib/api-client';
import { DARES_KEY } from './dare-cache';

const paymentStatusKey = (dareId: number) => [DARES_KEY, dareId, 'payment-status'] as const;

/** Where the money of a completed dare is (the creator only). */
export function usePaymentStatus(dareId: number, enabled: boolean) {
  return useQuery({
    queryKey: paymentStatusKey(dareId),
    queryFn: ({ signal }) =>
      apiRequest<PaymentStatus>(`${DARES_KEY}/${dareId}/payment-status`, { signal }),
    enabled,
  });
}

/** Captures the holds and pays the taker; safe to press twice (the server captures once). */
export function useCollectPayments(dareId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<CapturePaymentsResult>(`${DARES_KEY}/${dareId}/capture-payments`, {
        method: 'POST',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentStatusKey(dareId) }),
  });
}

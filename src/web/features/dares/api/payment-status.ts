import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PaymentStatus } from '@/contracts/funding';
import type { CapturePaymentsResult } from '@/contracts/pledges';
import { apiRequest } from '@/web/lib/api-client';
import { DARES_KEY } from './dare-cache';

const PAYMENT_STATUS = 'payment-status';
const paymentStatusKey = (dareId: number) => [DARES_KEY, dareId, PAYMENT_STATUS] as const;

/**
 * Where the money of a completed dare is (its creator and taker). Read again each time the
 * block is shown: captures, payouts and the payout account change on the server, in jobs
 * and on other screens, and the app's default keeps data until told otherwise.
 */
export function usePaymentStatus(dareId: number, enabled: boolean) {
  return useQuery({
    queryKey: paymentStatusKey(dareId),
    queryFn: ({ signal }) =>
      apiRequest<PaymentStatus>(`${DARES_KEY}/${dareId}/payment-status`, { signal }),
    enabled,
    staleTime: 0,
  });
}

/** Every dare's payment status is stale (the payout account changed): read again when shown. */
export const invalidatePaymentStatuses = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: ({ queryKey }) => queryKey[0] === DARES_KEY && queryKey[2] === PAYMENT_STATUS,
  });

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

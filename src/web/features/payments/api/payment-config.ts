import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentConfig } from '@/contracts/pledges';
import { apiRequest } from '@/web/lib/api-client';

/** GET /api/payments/config: which card provider to talk to. Fixed for the server's life. */
export const paymentConfigQueryOptions = queryOptions({
  queryKey: ['/api/payments/config'],
  queryFn: ({ signal }) => apiRequest<PaymentConfig>('/api/payments/config', { signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function usePaymentConfig() {
  return useQuery(paymentConfigQueryOptions);
}

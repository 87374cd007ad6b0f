import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedPaymentMethod } from '@/contracts/billing';
import { apiRequest } from '@/web/lib/api-client';

export const paymentMethodsQueryKey = ['/api/user/payment-methods'] as const;

/** The cache keeps the server's `{ paymentMethods }`; readers get the list itself. */
export const paymentMethodsQueryOptions = queryOptions({
  queryKey: paymentMethodsQueryKey,
  queryFn: ({ signal }) =>
    apiRequest<{ paymentMethods: SavedPaymentMethod[] }>('/api/user/payment-methods', { signal }),
  select: (data) => data.paymentMethods,
});

/** The signed-in user's saved cards, default first, then newest (GET /api/user/payment-methods). */
export function useSavedPaymentMethods() {
  return useQuery(paymentMethodsQueryOptions);
}

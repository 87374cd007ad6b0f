import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectStatus, PayoutDetails } from '@/contracts/billing';
import type { WaitingPayouts } from '@/contracts/funding';
import { currentUserQueryKey } from '@/web/features/auth/api/get-current-user';
import { invalidatePaymentStatuses } from '@/web/features/dares/api/payment-status';
import { apiRequest, isApiError } from '@/web/lib/api-client';

export const connectStatusQueryKey = ['/api/stripe/connect-status'] as const;
export const waitingPayoutsQueryKey = ['/api/payouts/waiting'] as const;

/** The payout account's state, or null when none is connected (the server answers 400). */
export const connectStatusQueryOptions = queryOptions({
  queryKey: connectStatusQueryKey,
  queryFn: async ({ signal }): Promise<ConnectStatus | null> => {
    try {
      return await apiRequest<ConnectStatus>('/api/stripe/connect-status', { signal });
    } catch (error) {
      if (isApiError(error, 400)) return null;
      throw error;
    }
  },
});

export function useConnectStatus() {
  return useQuery(connectStatusQueryOptions);
}

/** GET /api/payouts/waiting: what the viewer earned as a taker that waits for this account. */
export function useWaitingPayouts() {
  return useQuery({
    queryKey: waitingPayoutsQueryKey,
    queryFn: ({ signal }) => apiRequest<WaitingPayouts>('/api/payouts/waiting', { signal }),
  });
}

/** Where onboarding sends the user back: the own profile (the server accepts only this site). */
const PAYOUT_RETURN_PATH = '/profile';

/** Creates the account if needed and resolves to the onboarding link to follow. */
export function useSetUpPayouts() {
  return useMutation({
    mutationFn: () =>
      apiRequest<{ url: string }>('/api/stripe/connect-account', {
        method: 'POST',
        body: { refreshUrl: PAYOUT_RETURN_PATH, returnUrl: PAYOUT_RETURN_PATH },
      }),
  });
}

/** The simulated onboarding form's submit: the account becomes verified. */
export function useVerifyPayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PayoutDetails & { accountId: string }) =>
      apiRequest<ConnectStatus>('/api/stripe/connect-account/verify', {
        method: 'POST',
        body: input,
      }),
    onSuccess: (status) => {
      queryClient.setQueryData(connectStatusQueryKey, status);
      // The current user carries stripeConnectVerified too, and every dare's payment status
      // and the waiting payouts read the account (issue 19 item 18).
      void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      void queryClient.invalidateQueries({ queryKey: waitingPayoutsQueryKey });
      void invalidatePaymentStatuses(queryClient);
    },
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConnectStatus, PayoutDetails } from '@/contracts/billing';
import type { WaitingPayouts } from '@/contracts/funding';
import type { CurrentUser } from '@/contracts/user';
import { currentUserQueryKey, useCurrentUser } from '@/web/features/auth/api/get-current-user';
import { invalidatePaymentStatuses } from '@/web/features/dares/api/payment-status';
import { apiRequest, isApiError } from '@/web/lib/api-client';
import { connectStatusQueryKey, waitingPayoutsQueryKey } from './payout-keys';

/** The payout account's state, or null when none is connected (the server answers 400). */
const connectStatusQueryOptions = queryOptions({
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

export type PayoutState = 'loading' | 'error' | 'none' | 'pending' | 'verified';

/**
 * Where the viewer's payout account stands. Without an account (the signed-in user says so)
 * the status is not asked for: the API's 400 'not connected' would be a console error on
 * every profile (issue 19 item 21).
 */
export function usePayoutState(): { state: PayoutState; retry: () => void } {
  const { data: user } = useCurrentUser();
  const connected = user?.hasPayoutAccount === true;
  const status = useQuery({ ...connectStatusQueryOptions, enabled: connected });
  const retry = () => void status.refetch();
  if (!user) return { state: 'loading', retry };
  if (!connected) return { state: 'none', retry };
  if (status.isPending) return { state: 'loading', retry };
  if (status.isError) return { state: 'error', retry };
  if (!status.data) return { state: 'none', retry };
  return { state: status.data.isVerified ? 'verified' : 'pending', retry };
}

/** The current user in the cache says what just became true of their payout account. */
function markPayoutAccount(
  queryClient: ReturnType<typeof useQueryClient>,
  patch: Partial<Pick<CurrentUser, 'hasPayoutAccount' | 'stripeConnectVerified'>>,
) {
  queryClient.setQueryData<CurrentUser | null>(currentUserQueryKey, (user) =>
    user ? { ...user, ...patch } : user,
  );
  void queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest<{ url: string }>('/api/stripe/connect-account', {
        method: 'POST',
        body: { refreshUrl: PAYOUT_RETURN_PATH, returnUrl: PAYOUT_RETURN_PATH },
      }),
    // The account exists now: back from onboarding unfinished, the card says 'Finish setup'.
    onSuccess: () => markPayoutAccount(queryClient, { hasPayoutAccount: true }),
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
      // The current user carries the account's flags too, and every dare's payment status
      // and the waiting payouts read the account (issue 19 item 18).
      markPayoutAccount(queryClient, {
        hasPayoutAccount: true,
        stripeConnectVerified: status.isVerified,
      });
      void queryClient.invalidateQueries({ queryKey: waitingPayoutsQueryKey });
      void invalidatePaymentStatuses(queryClient);
    },
  });
}

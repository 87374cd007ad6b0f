import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordResetConfirmInput } from '@/contracts/account';
import type { CurrentUser } from '@/contracts/user';
import { currentUserQueryKey, setSessionUser } from '@/web/features/auth/api/get-current-user';
import { apiRequest } from '@/web/lib/api-client';

type Sent = { message: string };

/** /verify-email: posts the link's token; a signed-in owner's banner goes at once. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<CurrentUser>('/api/account/verify-email', { method: 'POST', body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

/** The banner's Resend button. */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => apiRequest<Sent>('/api/account/verify-email/resend', { method: 'POST' }),
  });
}

/** /forgot-password: the same answer whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<Sent>('/api/password-reset', { method: 'POST', body: { email } }),
  });
}

/** /reset-password: sets the new password and signs the person in on this device. */
export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordResetConfirmInput) =>
      apiRequest<CurrentUser>('/api/password-reset/confirm', { method: 'POST', body: input }),
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}

/** /confirm-email: the link sent to a new address makes it the account's. */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      apiRequest<CurrentUser>('/api/account/email/confirm', { method: 'POST', body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

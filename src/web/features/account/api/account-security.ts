import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountSessions,
  ChangeEmailInput,
  ChangePasswordInput,
  EndedSessions,
} from '@/contracts/account-security';
import { apiRequest } from '@/web/lib/api-client';

const SESSIONS_KEY = ['/api/account/sessions'] as const;

/** GET /api/account/sessions: every browser signed in to the account. */
export function useAccountSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => apiRequest<AccountSessions>('/api/account/sessions', { signal }),
  });
}

/** DELETE /api/account/sessions/{id}, or every other one; the list is read again after. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: { id: number } | 'others') =>
      which === 'others'
        ? apiRequest<EndedSessions>('/api/account/sessions/revoke-others', { method: 'POST' })
        : apiRequest<EndedSessions>(`/api/account/sessions/${which.id}`, { method: 'DELETE' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** POST /api/account/password: other sessions end, so the list changes too. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordInput) =>
      apiRequest<{ message: string; endedSessions: number }>('/api/account/password', {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** POST /api/account/email: a link goes to the new address; nothing changes until it is opened. */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: ChangeEmailInput) =>
      apiRequest<{ message: string }>('/api/account/email', { method: 'POST', body }),
  });
}

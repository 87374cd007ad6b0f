import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DareView } from '@/contracts/dares';
import { apiRequest } from '@/web/lib/api-client';
import { invitationKey } from './get-invitation';

const path = (token: string, action: 'accept' | 'decline') =>
  `/api/invitations/${encodeURIComponent(token)}/${action}`;

/** POST /api/invitations/{token}/accept: the caller becomes the taker; dare caches refresh. */
export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<DareView>(path(token, 'accept'), { method: 'POST' }),
    onSettled: async () => {
      await queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/dares'),
      });
    },
  });
}

/** POST /api/invitations/{token}/decline. */
export function useDeclineInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ declined: true }>(path(token, 'decline'), { method: 'POST' }),
    onSuccess: () => queryClient.removeQueries({ queryKey: invitationKey(token) }),
  });
}

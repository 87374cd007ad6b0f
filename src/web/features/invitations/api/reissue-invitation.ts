import { useMutation } from '@tanstack/react-query';
import type { ReissuedInvitation } from '@/contracts/invitations';
import { apiRequest } from '@/web/lib/api-client';

/** POST /api/dares/{id}/invitation: the creator's new link; the previous one stops working. */
export function useReissueInvitation(dareId: number) {
  return useMutation({
    mutationFn: () =>
      apiRequest<ReissuedInvitation>(`/api/dares/${dareId}/invitation`, { method: 'POST' }),
  });
}

import { useQuery } from '@tanstack/react-query';
import type { InvitationView } from '@/contracts/invitations';
import { apiRequest, isApiError } from '@/web/lib/api-client';

export const invitationKey = (token: string) => ['/api/invitations', token] as const;

/** GET /api/invitations/{token}: public; 404 for any link that is no longer usable. */
export function useInvitation(token: string) {
  return useQuery({
    queryKey: invitationKey(token),
    queryFn: ({ signal }) =>
      apiRequest<InvitationView>(`/api/invitations/${encodeURIComponent(token)}`, { signal }),
    // A dead link stays dead: asking again would only count as another miss.
    retry: (count, error) => !isApiError(error, 404) && !isApiError(error, 429) && count < 2,
    staleTime: 30_000,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@/contracts/user';
import { apiRequest } from '@/web/lib/api-client';

/** GET /api/users/{id}: who a request preset by ?recipientId= goes to. */
export function useRecipient(userId: number | null) {
  return useQuery({
    queryKey: ['/api/users', userId],
    queryFn: ({ signal }) => apiRequest<UserProfile>(`/api/users/${userId}`, { signal }),
    enabled: userId !== null,
  });
}

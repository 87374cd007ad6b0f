import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@/contracts/user';
import { apiRequest } from '@/web/lib/api-client';

/** GET /api/users?q=: people to start a conversation with (everyone but the caller). */
export function useUserSearch(query: string, enabled: boolean) {
  const q = query.trim();
  return useQuery({
    queryKey: ['/api/users', q],
    queryFn: ({ signal }) =>
      apiRequest<PublicUser[]>(`/api/users${q ? `?q=${encodeURIComponent(q)}` : ''}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

import { useQuery } from '@tanstack/react-query';
import type { UserProfile } from '@/contracts/user';
import { apiRequest, isApiError } from '@/web/lib/api-client';
import { USERS_KEY, userProfileKey } from './user-keys';

export function getUserProfile(userId: number, signal?: AbortSignal) {
  return apiRequest<UserProfile>(`${USERS_KEY}/${userId}`, { signal });
}

/** Another user's profile with counts, stats and whether the viewer follows them. */
export function useUserProfile(userId: number) {
  return useQuery({
    queryKey: userProfileKey(userId),
    queryFn: ({ signal }) => getUserProfile(userId, signal),
    enabled: Number.isInteger(userId) && userId > 0,
    // A missing user stays missing: no retries for a 404.
    retry: (count, error) => !isApiError(error, 404) && count < 2,
  });
}

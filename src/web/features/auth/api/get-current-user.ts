import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { CURRENT_USER_STALE_MS } from '@/contracts/limits';
import type { CurrentUser } from '@/contracts/user';
import { dismissToast } from '@/web/components/ui/toast-store';
import { apiRequest, isApiError } from '@/web/lib/api-client';
import { forgetOfflineCopies } from '@/web/lib/offline-copies';

export const currentUserQueryKey = ['/api/user'] as const;

/** The signed-in user, or null when the session is missing or over (a 401). */
export async function getCurrentUser({ signal }: { signal?: AbortSignal } = {}) {
  try {
    return await apiRequest<CurrentUser>('/api/user', { signal });
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export const currentUserQueryOptions = queryOptions({
  queryKey: currentUserQueryKey,
  queryFn: getCurrentUser,
  staleTime: CURRENT_USER_STALE_MS,
});

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions);
}

const isUserQuery = (query: { queryKey: readonly unknown[] }) =>
  query.queryKey[0] !== currentUserQueryKey[0];

/**
 * Stores who is signed in; everything else cached was read as someone else. Signing in also
 * closes the toasts shown before ('Login required' would sit over the screen the login
 * returns to, such as the vote dialog a 'Vote now' link opens). What was kept for offline use
 * belonged to the session before, so it goes too.
 */
export function setSessionUser(queryClient: QueryClient, user: CurrentUser | null) {
  queryClient.setQueryData(currentUserQueryKey, user);
  forgetOfflineCopies();
  if (user) {
    dismissToast();
    void queryClient.invalidateQueries({ predicate: isUserQuery });
  } else {
    queryClient.removeQueries({ predicate: isUserQuery });
  }
}

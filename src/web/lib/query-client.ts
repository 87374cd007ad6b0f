import {
  onlineManager,
  QueryClient,
  type QueryFunction,
  type QueryKey,
} from '@tanstack/react-query';
import { apiRequest, isOffline } from './api-client';

/**
 * Turns a query key into the path it reads: ['/api/users', 5] → '/api/users/5'.
 * A trailing plain object becomes the query string.
 */
export function pathFromQueryKey(queryKey: QueryKey): string {
  const segments: string[] = [];
  let search = '';
  for (const part of queryKey) {
    if (typeof part === 'string' || typeof part === 'number') {
      segments.push(String(part));
    } else if (part && typeof part === 'object') {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(part)) {
        if (value !== undefined && value !== null) params.set(key, String(value));
      }
      const query = params.toString();
      if (query) search = `?${query}`;
    }
  }
  return segments.join('/').replace(/\/{2,}/g, '/') + search;
}

/** The spec's default read: GET the key path and return its JSON (section 7). */
export const defaultQueryFn: QueryFunction = ({ queryKey, signal }) =>
  apiRequest(pathFromQueryKey(queryKey), { signal });

/**
 * Offline, requests still run and fail at once with 'You're offline' (networkMode 'always'):
 * TanStack's default pauses them instead, which showed skeletons and spinners forever
 * (issue 19). A query left failed is fetched again when the browser is back online
 * (refetchOnReconnect, which 'always' turns off unless asked: a failed query has no data, so
 * it counts as stale).
 */
export function createQueryClient(): QueryClient {
  // TanStack assumes it starts online and refetches only when 'online' changes that. A page
  // that starts offline (the service worker's shell, decision 0052) must start as offline,
  // or coming back online would refetch nothing.
  if (isOffline()) onlineManager.setOnline(false);
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        networkMode: 'always',
        refetchOnReconnect: true,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();

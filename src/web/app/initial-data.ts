import type { QueryClient } from '@tanstack/react-query';
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '@/contracts/initial-data';
import { currentUserQueryKey } from '@/web/features/auth/api/get-current-user';
import { connectStatusQueryKey } from '@/web/features/billing/api/payout-account';
import { DARES_KEY } from '@/web/features/dares/api/dare-cache';

/** The server's answers for the first screen, written into the page (web-pages/initial-data.ts). */
function readInitialData(): InitialData | null {
  const element = document.getElementById(INITIAL_DATA_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as InitialData;
  } catch {
    return null; // The screens fetch what they need, as without the block.
  }
}

/**
 * Puts the page's data into the query cache under the keys the screens read, so the first
 * screen renders without waiting for the API (and an anonymous visit makes no 401 request).
 */
export function seedInitialData(queryClient: QueryClient) {
  const data = readInitialData();
  if (!data) return;
  queryClient.setQueryData(currentUserQueryKey, data.user);
  if (data.feed) {
    // useFeed('active'): an infinite query whose first page has no cursor.
    queryClient.setQueryData([DARES_KEY, 'feed', { tab: 'active' }], {
      pages: [data.feed],
      pageParams: [null],
    });
  }
  if (data.dare) queryClient.setQueryData([DARES_KEY, data.dare.id], data.dare);
  if (data.connectStatus === null) queryClient.setQueryData(connectStatusQueryKey, null);
}

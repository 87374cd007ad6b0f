import type { QueryClient } from '@tanstack/react-query';
import { INITIAL_DATA_ELEMENT_ID, type InitialData } from '@/contracts/initial-data';
import { splashBackdropOf } from '@/domain/dare-poster';
import { ACHIEVEMENTS_KEY, userStatsKey } from '@/web/features/achievements/api/achievement-keys';
import { currentUserQueryKey } from '@/web/features/auth/api/get-current-user';
import { waitingPayoutsQueryKey } from '@/web/features/billing/api/payout-keys';
import { dareRequestsKey } from '@/web/features/dare-requests/api/dare-request-keys';
import { DARES_KEY } from '@/web/features/dares/api/dare-cache';
import { CONVERSATIONS_KEY } from '@/web/features/inbox/api/get-conversations';
import { SEARCH_KEY } from '@/web/features/search/api/search-keys';
import { userProfileKey } from '@/web/features/users/api/user-keys';
import { markPageDataSeeded } from '@/web/lib/page-data';

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

/** The first slide's poster, shown behind the splash; the server painted it there already. */
let backdrop: string | null = null;

/**
 * The image behind the splash: the first slide's poster when the page came with a swipe
 * feed's first page (`/` anonymous, /discover), as the server's HTML shows it (page-html.ts).
 */
export function splashBackdrop(): string | null {
  return backdrop;
}

type Seed = (queryKey: readonly unknown[], value: unknown) => void;

/** An infinite query's cache entry holding only its first page (no cursor asked for it). */
const firstPage = <T>(page: T) => ({ pages: [page], pageParams: [null] });

/**
 * Puts the page's data into the query cache under the keys the screens read, so the first
 * screen renders without waiting for the API (and an anonymous visit makes no 401 request).
 */
export function seedInitialData(queryClient: QueryClient) {
  const data = readInitialData();
  if (!data) return;
  // Every entry below carries the same time, which unlessFromPage recognises.
  const updatedAt = markPageDataSeeded();
  const seed: Seed = (queryKey, value) => queryClient.setQueryData(queryKey, value, { updatedAt });
  seed(currentUserQueryKey, data.user);
  backdrop = splashBackdropOf(data);
  if (data.feed) {
    // useFeed('active'): an infinite query whose first page has no cursor.
    seed([DARES_KEY, 'feed', { tab: 'active' }], firstPage(data.feed));
  }
  if (data.dare) seed([DARES_KEY, data.dare.id], data.dare);
  if (data.profile && data.user) {
    const { id } = data.user;
    // useUserDares(id): an infinite query whose first page has no cursor.
    seed([DARES_KEY, 'user', id], firstPage(data.profile.dares));
    seed(userStatsKey(id), data.profile.stats);
    seed(waitingPayoutsQueryKey, data.profile.waitingPayouts);
  }
  seedScreens(seed, data);
}

/** Issue 23's screens (server: web-pages/screen-data.ts), under the keys their hooks use. */
function seedScreens(seed: Seed, data: InitialData) {
  if (data.publicDares) {
    seed([DARES_KEY, 'public'], firstPage(data.publicDares));
  }
  if (data.search) {
    const { q, people, dares } = data.search;
    seed([SEARCH_KEY, 'people', q], firstPage(people));
    seed([SEARCH_KEY, 'dares', q], firstPage(dares));
  }
  if (data.userProfile) {
    const { profile, dares } = data.userProfile;
    seed(userProfileKey(profile.id), profile);
    seed([DARES_KEY, 'user', profile.id], firstPage(dares));
  }
  if (data.achievements) {
    const viewerId = data.user?.id ?? null;
    seed([...ACHIEVEMENTS_KEY, 'viewer', viewerId], data.achievements.list);
    if (viewerId !== null && data.achievements.stats) {
      seed(userStatsKey(viewerId), data.achievements.stats);
    }
  }
  // Private lists: the server sends them only to their owner (never to an anonymous page).
  if (data.conversations && data.user) {
    seed(CONVERSATIONS_KEY, data.conversations);
  }
  if (data.dareRequests && data.user) {
    seed(dareRequestsKey(data.dareRequests.type), data.dareRequests.items);
  }
}

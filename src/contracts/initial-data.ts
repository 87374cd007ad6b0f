import type { AchievementView, UserStats } from './achievements';
import type { ConversationView } from './conversations';
import type { DareRequestType, DareRequestView } from './dare-requests';
import type { DarePage, DareView } from './dares';
import type { WaitingPayouts } from './funding';
import type { SearchDaresPage, SearchPeoplePage } from './search';
import type { CurrentUser, UserProfile } from './user';

/**
 * What the server writes into a page's HTML (a `<script type="application/json">` block with
 * this id) so the first screen needs no API round trip: the client seeds its query cache
 * from it (src/web/app/initial-data.ts). Types only: the client bundle gets no zod from here.
 */
export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

/**
 * The splash's backdrop on a page that opens on a swipe feed (decision 0059): the first
 * slide's poster in the box that slide takes (the column above the bottom navigation),
 * shaded so the splash's words stay readable. One set of classes for the server, which fills
 * index.html's marker (web-pages/page-html.ts), and React's Splash, which paints the same.
 */
export const SPLASH_BACKDROP_MARKER = '<!--splash-backdrop-->';
export const SPLASH_BACKDROP_CLASSES = {
  image:
    'absolute inset-x-0 top-0 h-[calc(100dvh-3.5rem-env(safe-area-inset-bottom))] w-full object-cover',
  shade: 'absolute inset-0 bg-canvas/60',
} as const;

export interface InitialData {
  /** GET /api/user: the signed-in user, or null for an anonymous visitor (the API's 401). */
  user: CurrentUser | null;
  /** GET /api/dares?tab=active, first page, on `/` for an anonymous visitor. */
  feed?: DarePage;
  /** GET /api/dares/{id} on /dares/{id}, as this viewer sees it. */
  dare?: DareView;
  /** On /profile (signed in): what the own profile's first screen fetches. */
  profile?: ProfileScreenData;
  /** GET /api/dares/public, first page, on /discover without a search. */
  publicDares?: DarePage;
  /** On /discover?q=: the first page of both sections of GET /api/search for `q`. */
  search?: { q: string; people: SearchPeoplePage; dares: SearchDaresPage };
  /** On /users/{id}: GET /api/users/{id} and the first page of GET /api/dares/user/{id}. */
  userProfile?: { profile: UserProfile; dares: DarePage };
  /** On /achievements: GET /api/achievements as this viewer, and their stats if signed in. */
  achievements?: { list: AchievementView[]; stats: UserStats | null };
  /** On /inbox (signed in only): GET /api/conversations. The viewer's own, never cached. */
  conversations?: ConversationView[];
  /** On /dare-requests (signed in only): the open tab's GET /api/dare-requests?type=. */
  dareRequests?: { type: DareRequestType; items: DareRequestView[] };
}

export interface ProfileScreenData {
  /** GET /api/dares/user/{viewer}, first page: the Dares tab. */
  dares: DarePage;
  /** GET /api/users/{viewer}/stats: the Points figure. */
  stats: UserStats;
  /** GET /api/payouts/waiting: the payout card's "waiting" line. */
  waitingPayouts: WaitingPayouts;
}

import { type DarePage, dareListQuerySchema } from '@/contracts/dares';
import type { AppContext } from '../../context';
import { cachedAnonymousFeedPage } from './feed-page-cache';

/** The query of the feed's first screen: GET /api/dares?tab=active with its defaults. */
const FIRST_PAGE_QUERY = dareListQuerySchema.parse({ tab: 'active' });

/**
 * The feed's first page as an anonymous visitor gets it from GET /api/dares?tab=active,
 * written into the HTML of `/`: the route's shared cached copy (decision 0027).
 */
export async function anonymousFirstFeedPage(ctx: AppContext): Promise<DarePage> {
  return JSON.parse(await cachedAnonymousFeedPage(ctx, FIRST_PAGE_QUERY));
}

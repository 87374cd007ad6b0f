import { type DarePage, dareListQuerySchema } from '@/contracts/dares';
import type { AppContext } from '../../context';
import { feedPage } from './feed-queries';
import { toPage } from './service';

/** The query of the feed's first screen: GET /api/dares?tab=active with its defaults. */
const FIRST_PAGE_QUERY = dareListQuerySchema.parse({ tab: 'active' });

/**
 * The feed's first page as an anonymous visitor gets it from GET /api/dares?tab=active
 * (the same queries as the route), written into the HTML of `/`. One function, so the page
 * can become a shared cached value without its callers changing.
 */
export async function anonymousFirstFeedPage(ctx: AppContext): Promise<DarePage> {
  return toPage(ctx, await feedPage(ctx, { ...FIRST_PAGE_QUERY, viewerId: undefined }), undefined);
}

import type { FeedTab } from '@/contracts/dares';
import type { AppContext } from '../../context';
import { toDareViews } from './dare-views';
import { cachedAnonymousFeedPage, serializePage } from './feed-page-cache';
import { feedPage } from './feed-queries';
import { composedViewerFeedPage } from './viewer-feed';

/**
 * What GET /api/dares sends, as JSON text checked against darePageSchema: a visitor gets the
 * shared page (decision 0027); a signed-in viewer a page composed from the shared pages
 * (decision 0028), or, where composing does not apply, the query's page for them.
 */
export async function feedPageJson(
  ctx: AppContext,
  params: { viewerId?: number; mature: boolean; tab?: FeedTab; limit: number; cursor?: string },
): Promise<string> {
  const { viewerId } = params;
  if (viewerId === undefined) return cachedAnonymousFeedPage(ctx, params);
  const composed = await composedViewerFeedPage(ctx, { ...params, viewerId });
  if (composed !== undefined) return composed;
  const page = await feedPage(ctx, params);
  const items = await toDareViews(ctx, page.rows, viewerId);
  return serializePage({ items, nextCursor: page.nextCursor });
}

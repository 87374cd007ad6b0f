import { serializerCompiler } from 'fastify-type-provider-zod';
import { type DareView, darePageSchema, type FeedTab } from '@/contracts/dares';
import type { AppContext } from '../../context';
import { toDareViews } from './dare-views';
import { feedPage } from './feed-queries';

/**
 * The route's own serializer (zod-checked against the contract), run once per cached page
 * instead of once per request.
 */
export const serializePage = serializerCompiler({
  schema: darePageSchema,
  method: 'GET',
  url: '/api/dares',
});

/** An anonymous feed page as the shared caches hold it. Never mutate its views. */
export type SharedFeedPage = {
  /** The page as GET /api/dares answers a visitor, checked against darePageSchema. */
  json: string;
  items: DareView[];
  /** `cursors[i]` continues the feed after `items[i]` (signed-in pages cut pages anywhere). */
  cursors: string[];
  nextCursor: string | null;
};

/**
 * An anonymous page of the feed (or of one tab), shared by every visitor (decision 0027)
 * and the base of signed-in pages (decision 0028). It holds no per-viewer flags, so one copy
 * serves everyone until a dare, a proof, a pledge or a person's public face changes (NOTIFY
 * `feed`) or 10 s pass (views). A forged cursor fails in the query and is never stored.
 *
 * Two variants (issue 21 item 7): without R-rated dares (every visitor, and accounts without
 * 'Show R-rated dares') and with them (`mature`, only ever the base of an opted-in viewer's
 * page). The key keeps them apart, so an anonymous page never holds an R-rated dare.
 */
export function sharedFeedPage(
  ctx: AppContext,
  params: { tab?: FeedTab; limit: number; cursor?: string; mature: boolean },
): Promise<SharedFeedPage> {
  const cache = params.cursor ? ctx.caches.feedLaterPages : ctx.caches.feedPages;
  const variant = params.mature ? 'R' : 'G';
  const key = `${variant}:${params.tab ?? 'all'}:${params.limit}:${params.cursor ?? ''}`;
  return cache.get(key, async () => {
    const page = await feedPage(ctx, {
      tab: params.tab,
      limit: params.limit,
      cursor: params.cursor,
      mature: params.mature,
    });
    const items = await toDareViews(ctx, page.rows, undefined);
    const json = serializePage({ items, nextCursor: page.nextCursor });
    return { json, items, cursors: page.cursors, nextCursor: page.nextCursor };
  });
}

/** The anonymous page's JSON text, as the route sends it: never an R-rated dare. */
export async function cachedAnonymousFeedPage(
  ctx: AppContext,
  params: { tab?: FeedTab; limit: number; cursor?: string },
): Promise<string> {
  const { tab, limit, cursor } = params;
  return (await sharedFeedPage(ctx, { tab, limit, cursor, mature: false })).json;
}

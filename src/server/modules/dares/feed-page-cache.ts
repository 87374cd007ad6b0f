import { serializerCompiler } from 'fastify-type-provider-zod';
import { darePageSchema, type FeedTab } from '@/contracts/dares';
import type { AppContext } from '../../context';
import { feedPage } from './feed-queries';
import { toPage } from './service';

/**
 * The route's own serializer (zod-checked against the contract), run once per cached page
 * instead of once per request.
 */
const serializePage = serializerCompiler({
  schema: darePageSchema,
  method: 'GET',
  url: '/api/dares',
});

/**
 * An anonymous page of the feed (or of one tab) as JSON text, shared by every visitor
 * (decision 0027). It holds no per-viewer flags, so one copy serves everyone until a dare, a
 * proof or a person's public face changes (NOTIFY `feed`) or 10 s pass (views). A forged
 * cursor fails in the query and is never stored.
 */
export function cachedAnonymousFeedPage(
  ctx: AppContext,
  params: { tab?: FeedTab; limit: number; cursor?: string },
): Promise<string> {
  const cache = params.cursor ? ctx.caches.feedLaterPages : ctx.caches.feedPages;
  const key = `${params.tab ?? 'all'}:${params.limit}:${params.cursor ?? ''}`;
  return cache.get(key, async () =>
    serializePage(await toPage(ctx, await feedPage(ctx, params), undefined)),
  );
}

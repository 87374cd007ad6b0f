import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FEED_TABS, TRENDING_TYPES } from '@/contracts/dare-values';
import { dropFeedPages } from '@/server/caches';
import type { Db } from '@/server/db/client';
import { dares, dareViews, users } from '@/server/db/schema';
import { createDare } from './dares';

type NewDare = Parameters<typeof createDare>[1];
let counter = 0;

/**
 * A dare every list shows to whoever may see it: in the feed and open for funding, featured
 * and viewed today (so on every trending list), findable by `word`. Issue 21's tests make
 * them R-rated, hidden or by a suspended person and look for them in every list.
 */
export async function listableDare(db: Db, values: NewDare & { word: string }) {
  counter += 1;
  const { word, ...rest } = values;
  const dare = await createDare(db, {
    title: `${word} listed dare ${counter}`,
    featuredAt: new Date(),
    viewCount: 5,
    ...rest,
  });
  const day = new Date().toISOString().slice(0, 10);
  await db.insert(dareViews).values(
    Array.from({ length: 5 }, (_, i) => ({
      dareId: dare.id,
      viewerKey: `l:${counter}:${i}`,
      day,
    })),
  );
  return dare;
}

/**
 * Straight in the database, as a moderator's action or the auto-hide would leave them. The
 * shared caches are dropped at once, as the writing request does (caches.ts): the NOTIFY of
 * the triggers reaches this instance a moment later on Postgres.
 */
export const moderate = {
  async dare(app: FastifyInstance, id: number, state: 'under_review' | 'removed' | null) {
    await app.ctx.db.update(dares).set({ moderationState: state }).where(eq(dares.id, id));
    dropAll(app);
  },
  async hideUser(app: FastifyInstance, id: number) {
    await app.ctx.db.update(users).set({ moderationState: 'under_review' }).where(eq(users.id, id));
    dropAll(app);
  },
  async suspend(app: FastifyInstance, id: number, until: Date | null = null) {
    await app.ctx.db
      .update(users)
      .set({ suspendedAt: new Date(), suspendedUntil: until })
      .where(eq(users.id, id));
    dropAll(app);
  },
};

function dropAll(app: FastifyInstance) {
  dropFeedPages(app.ctx.caches);
  app.ctx.caches.sessions.invalidate();
}

let address = 0;

/**
 * The dare ids of every list, as `cookie`'s owner (or a visitor) gets them: the feed and each
 * tab, Discover, every trending list, a dare search for `word`, `userId`'s dares, and the
 * saved list when signed in. Keyed by list, for messages that name the list.
 */
export async function listedIds(
  app: FastifyInstance,
  options: { cookie?: string; word: string; userId: number },
): Promise<Record<string, number[]>> {
  const headers = options.cookie ? { cookie: options.cookie } : {};
  const urls: Record<string, string> = {
    feed: '/api/dares?limit=50',
    public: '/api/dares/public?limit=50',
    user: `/api/dares/user/${options.userId}?limit=50`,
    search: `/api/search?type=dares&limit=20&q=${encodeURIComponent(options.word)}`,
  };
  for (const tab of FEED_TABS) urls[`feed ${tab}`] = `/api/dares?limit=50&tab=${tab}`;
  for (const type of TRENDING_TYPES) urls[`trending ${type}`] = `/api/dares/trending?type=${type}`;
  if (options.cookie) urls.saved = '/api/dares/saved';
  const lists: Record<string, number[]> = {};
  for (const [list, url] of Object.entries(urls)) {
    address += 1;
    const response = await app.inject({
      url,
      headers,
      remoteAddress: `10.77.${(address >> 8) & 255}.${address & 255}`,
    });
    if (response.statusCode !== 200)
      throw new Error(`${list}: ${response.statusCode} ${response.body}`);
    lists[list] = (response.json().items as { id: number }[]).map((item) => item.id);
  }
  return lists;
}

/** The lists (of listedIds) that hold `id`. */
export const listsWith = (lists: Record<string, number[]>, id: number) =>
  Object.keys(lists).filter((list) => lists[list]!.includes(id));

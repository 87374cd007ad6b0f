import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';
import { InvalidatedCache } from './lib/invalidated-cache';
import type { CachedSession } from './modules/auth/session-store';

/**
 * The app's shared in-memory caches (decision 0027), one set per instance. Database triggers
 * (drizzle/0014_cache_invalidation.sql) NOTIFY `cache_invalidation` with a cache's name when
 * a change commits; every instance LISTENs and drops that cache.
 */
export type AppCaches = {
  /** Serialized anonymous first pages of the feed, by tab and size. */
  feedPages: InvalidatedCache<string>;
  /**
   * Later anonymous pages, by tab, size and cursor: apart from the first pages, so a
   * stream of distinct cursors cannot push the first pages out.
   */
  feedLaterPages: InvalidatedCache<string>;
  /** Session lookups by token hash; logout and user changes drop them everywhere. */
  sessions: InvalidatedCache<CachedSession>;
};

const CHANNEL = 'cache_invalidation';
/** Bounds what the triggers deliberately ignore (view counts) on the feed pages. */
export const FEED_PAGE_MAX_AGE_MS = 10_000;
/** "Short-lived": a session seen again within this long skips its database lookup. */
export const SESSION_MAX_AGE_MS = 10_000;

export function createCaches(): AppCaches {
  return {
    feedPages: new InvalidatedCache({ maxAgeMs: FEED_PAGE_MAX_AGE_MS, maxEntries: 64 }),
    feedLaterPages: new InvalidatedCache({ maxAgeMs: FEED_PAGE_MAX_AGE_MS, maxEntries: 1024 }),
    sessions: new InvalidatedCache({ maxAgeMs: SESSION_MAX_AGE_MS, maxEntries: 10_000 }),
  };
}

/** Every anonymous feed page, first or later. */
export function dropFeedPages(caches: AppCaches) {
  caches.feedPages.invalidate();
  caches.feedLaterPages.invalidate();
}

/** Starts listening; the returned function stops. A lost connection drops every cache. */
export function listenForCacheInvalidation(database: Database, caches: AppCaches) {
  const dropAll = () => {
    dropFeedPages(caches);
    caches.sessions.invalidate();
  };
  return database.listen(
    CHANNEL,
    (payload) => {
      if (payload === 'feed') dropFeedPages(caches);
      else if (payload === 'sessions') caches.sessions.invalidate();
      else dropAll();
    },
    dropAll,
  );
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The instance that made a change does not wait for its own NOTIFY (on Postgres it arrives
 * a moment after the commit, on another connection): a request that may have written drops
 * the shared feed pages as its answer leaves, after its transaction committed, so whoever
 * asks next here sees the change. Jobs do the same after each tick (jobs/runner.ts).
 */
export function dropFeedPagesAfterWrites(app: FastifyInstance, caches: AppCaches) {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READS.has(request.method)) dropFeedPages(caches);
    return payload;
  });
}

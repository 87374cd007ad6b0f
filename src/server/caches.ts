import type { FastifyInstance } from 'fastify';
import type { DareView } from '@/contracts/dares';
import type { Database } from './db/client';
import { InvalidatedCache } from './lib/invalidated-cache';
import type { CachedSession } from './modules/auth/session-store';
import type { SharedFeedPage } from './modules/dares/feed-page-cache';
import type { ViewerFeedState } from './modules/dares/viewer-feed-state';

/**
 * The app's shared in-memory caches (decision 0027), one set per instance. Database triggers
 * (drizzle/0014_cache_invalidation.sql) NOTIFY `cache_invalidation` with a cache's name when
 * a change commits; every instance LISTENs and drops that cache.
 */
export type AppCaches = {
  /** Anonymous first pages of the feed, by tab and size (views and their JSON text). */
  feedPages: InvalidatedCache<SharedFeedPage>;
  /**
   * Later anonymous pages, by tab, size and cursor: apart from the first pages, so a
   * stream of distinct cursors cannot push the first pages out.
   */
  feedLaterPages: InvalidatedCache<SharedFeedPage>;
  /** Read views of single dares without viewer flags, by id (a signed-in feed's pledged dares). */
  dareViews: InvalidatedCache<DareView>;
  /** What a signed-in viewer's feed adds to the shared pages, by user id (decision 0028). */
  viewerFeeds: InvalidatedCache<ViewerFeedState>;
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
    dareViews: new InvalidatedCache({ maxAgeMs: FEED_PAGE_MAX_AGE_MS, maxEntries: 10_000 }),
    viewerFeeds: new InvalidatedCache({ maxAgeMs: FEED_PAGE_MAX_AGE_MS, maxEntries: 2_000 }),
    sessions: new InvalidatedCache({ maxAgeMs: SESSION_MAX_AGE_MS, maxEntries: 10_000 }),
  };
}

/** Every feed page, first or later, and the parts signed-in pages are built from. */
export function dropFeedPages(caches: AppCaches) {
  caches.feedPages.invalidate();
  caches.feedLaterPages.invalidate();
  caches.dareViews.invalidate();
  caches.viewerFeeds.invalidate();
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route writes nothing a feed page shows (a view only bumps view_count, which the
     * triggers ignore too): its requests leave the shared feed caches in place.
     */
    keepsFeedCaches?: boolean;
  }
}

/**
 * The instance that made a change does not wait for its own NOTIFY (on Postgres it arrives
 * a moment after the commit, on another connection): a request that may have written drops
 * the shared feed pages as its answer leaves, after its transaction committed, so whoever
 * asks next here sees the change. Jobs do the same after each tick (jobs/runner.ts).
 */
export function dropFeedPagesAfterWrites(app: FastifyInstance, caches: AppCaches) {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!READS.has(request.method) && !request.routeOptions.config.keepsFeedCaches) {
      dropFeedPages(caches);
    }
    return payload;
  });
}

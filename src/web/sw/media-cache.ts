import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { MEDIA_CACHE } from './cache-names';
import { isCachedMedia, MEDIA_CACHE_LIMITS } from './request-rules';

/**
 * Posters, covers and avatars (/media/* images) from the cache when there, else from the
 * network and kept: the feed's last page still has its pictures offline. Bounded by count and
 * age; dropped first when the browser runs short of storage. Only complete 200 answers are
 * kept (no 206 parts, no errors).
 */
export function registerMediaCache(sw: ServiceWorkerGlobalScope) {
  registerRoute(
    ({ request, url }) => isCachedMedia(url, request.destination, sw.location.origin),
    new CacheFirst({
      cacheName: MEDIA_CACHE,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ ...MEDIA_CACHE_LIMITS, purgeOnQuotaError: true }),
      ],
    }),
  );
}

// Which requests the service worker answers, as plain URL rules (no worker types: unit-tested
// from tests/unit). Everything no rule takes - /api above all - goes to the network untouched:
// API answers carry who is signed in and their pledges, likes and saves (decision 0052).

/** Paths the server answers itself; a navigation there is never given the app's shell. */
const SERVER_PATHS = /^\/(api|media|dev|unsubscribe|healthz|readyz|metrics)(\/|$)|^\/robots\.txt$/;

/** A page of the single-page app: network first, the precached shell when offline. */
export function isAppNavigation(url: URL): boolean {
  return !SERVER_PATHS.test(url.pathname);
}

/**
 * An uploaded image shown by the app (a video's poster, a dare's cover, an avatar): cached at
 * run time. Uploaded names are never reused, so a stored copy never goes stale. Videos are
 * left to the network (byte ranges, and far too big to keep).
 */
export function isCachedMedia(url: URL, destination: string, origin: string): boolean {
  return url.origin === origin && url.pathname.startsWith('/media/') && destination === 'image';
}

/** How many images the run-time cache keeps (least recently used out first), and how long. */
export const MEDIA_CACHE_LIMITS = { maxEntries: 120, maxAgeSeconds: 30 * 24 * 60 * 60 } as const;

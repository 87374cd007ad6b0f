import { MEDIA_CACHE } from '@/web/sw/cache-names';

/** Prefix of every localStorage entry kept for offline use (the feed's last page, for one). */
export const OFFLINE_KEY_PREFIX = 'darefund:offline:';

/**
 * Forgets what this browser kept for offline use - the feed pages and the service worker's
 * cached images - whenever the session changes (login, logout, account deleted): what one
 * person saw is not shown to the next (decision 0052).
 */
export function forgetOfflineCopies() {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(OFFLINE_KEY_PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // Storage is blocked: nothing was kept either.
  }
  if (typeof caches !== 'undefined') caches.delete(MEDIA_CACHE).catch(() => undefined);
}

import {
  cleanupOutdatedCaches,
  type PrecacheEntry,
  PrecacheFallbackPlugin,
  precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { isAppNavigation } from './request-rules';

/** The built index.html: what an app page shows when the network does not answer. */
const SHELL_URL = '/index.html';

/**
 * Precaches the build (index.html, the hashed scripts and styles, the manifest and icons;
 * vite.config.ts lists which) and serves those files from the cache. A page navigation goes
 * to the network first, so the server's HTML with the first screen and who is signed in is
 * what shows online; it is never stored. Offline, the precached shell answers instead.
 */
export function registerAppShell(sw: ServiceWorkerGlobalScope, entries: PrecacheEntry[]) {
  // No directory index: '/' must not be answered from the precached index.html (that is the
  // offline fallback, not the page).
  precacheAndRoute(entries, { directoryIndex: '', cleanURLs: false });
  cleanupOutdatedCaches();
  registerRoute(
    ({ request, url }) => request.mode === 'navigate' && isAppNavigation(url),
    new NetworkOnly({ plugins: [new PrecacheFallbackPlugin({ fallbackURL: SHELL_URL })] }),
  );
  // Navigation preload: the page's request starts while the worker boots, not after.
  sw.addEventListener('activate', (event) => {
    event.waitUntil(sw.registration.navigationPreload?.enable());
  });
}

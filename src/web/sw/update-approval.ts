/**
 * A new version waits until the person taps Reload on 'A new version is available'
 * (app/service-worker/register.ts): workbox-window then posts SKIP_WAITING, this worker takes
 * over every open tab, and the tab that asked reloads once.
 */
export function activateWhenApproved(sw: ServiceWorkerGlobalScope) {
  sw.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void sw.skipWaiting();
  });
  // The first install takes the open page at once, so the posters it shows from now on are
  // cached without waiting for a reload. (An update is taken over by skipWaiting above.)
  sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));
}

/// <reference types="vite-plugin-pwa/vanillajs" />
import { registerSW } from 'virtual:pwa-register';
import { showUpdateBanner } from './show-update-banner';

/** A tab left open for days still learns of a new deploy. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers /service-worker.js through workbox-window (vite-plugin-pwa's prompt mode). A new
 * deploy's worker installs beside the running one and waits: 'A new version is available'
 * shows, and its Reload has the new worker take over and reloads the page once. Until then
 * the page keeps the code it started with (no half-old, half-new screens).
 */
export function registerServiceWorker() {
  const updateServiceWorker = registerSW({
    immediate: true,
    onNeedRefresh: () => showUpdateBanner(() => updateServiceWorker(true)),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
    // Blocked (a private window, a policy): the app works the same without it.
    onRegisterError: () => undefined,
  });
}

import { afterLoadAndIdle } from '@/web/lib/after-load-and-idle';

/**
 * Registers the service worker (src/web/sw) in production builds, once the first screen is in
 * and the browser is idle: its code (workbox-window, the update banner) and the precaching
 * it starts never compete with the first paint (issue 14's budget counts only this file).
 * A browser without service workers, or one that refuses them, runs the app as before.
 */
export function startServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  afterLoadAndIdle(() => {
    import('./register').then((module) => module.registerServiceWorker()).catch(() => undefined);
  });
}

// The service worker (vite-plugin-pwa, strategy injectManifest: the build writes the precache
// list into self.__WB_MANIFEST and emits /service-worker.js). Registered by
// src/web/app/service-worker/ in production builds only. Decision 0052.
import type { PrecacheEntry } from 'workbox-precaching';
import { registerAppShell } from './app-shell';
import { registerMediaCache } from './media-cache';
import { registerPushHandlers } from './push-handlers';
import { activateWhenApproved } from './update-approval';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: PrecacheEntry[] };

registerAppShell(self, self.__WB_MANIFEST);
registerMediaCache(self);
activateWhenApproved(self);
registerPushHandlers(self);

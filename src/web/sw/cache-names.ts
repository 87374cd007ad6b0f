/**
 * The service worker's run-time image cache (posters, covers, avatars). Named here, without
 * worker or DOM types, because the page deletes it too when the session changes
 * (lib/offline-copies.ts).
 */
export const MEDIA_CACHE = 'darefund-media-v1';

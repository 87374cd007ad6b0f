import { decodeBase64Url } from '@/domain/push-keys';

/**
 * This browser's Web Push subscription (issue 22 item 5, decision 0053): what the
 * 'Push notifications on this device' switch reads and changes. The service worker
 * registration comes from the app's worker (src/web/sw); until it is active,
 * navigator.serviceWorker.ready never resolves, so every wait on it is bounded.
 *
 * Which account the subscription was registered for is remembered in localStorage: the
 * browser's subscription outlives a sign-out, and another account signing in on the same
 * browser must see the switch off, not inherit someone else's pushes.
 */
export type PushUnavailable = 'unsupported' | 'denied' | 'no-worker';

export const PUSH_UNAVAILABLE_TEXT: Record<PushUnavailable, string> = {
  unsupported:
    "This browser can't receive push notifications. On iPhone and iPad, add Darefund to your Home Screen first.",
  denied:
    'Notifications are blocked in your browser settings. Allow them for this site, then come back here.',
  'no-worker':
    "Push notifications aren't ready in this browser yet. Reload the page and try again.",
};

/** How long to wait for the service worker before saying it is not there. */
export const WORKER_WAIT_MS = 4000;

const STORAGE_KEY = 'darefund.push-subscription';

export type StoredSubscription = { endpoint: string; id: number; userId: number };

/** The browser features push needs (iOS Safari has them only in an installed app). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

export function notificationPermission(): NotificationPermission {
  return pushSupported() ? Notification.permission : 'denied';
}

/** The active service worker's registration, or null when none is ready within `ms`. */
export async function readyRegistration(
  ms = WORKER_WAIT_MS,
): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export function storedSubscription(): StoredSubscription | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as StoredSubscription;
    return value && typeof value.endpoint === 'string' && Number.isInteger(value.id) ? value : null;
  } catch {
    return null;
  }
}

export function rememberSubscription(value: StoredSubscription | null) {
  try {
    if (value) localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage blocked: the switch reads the browser's subscription alone next time.
  }
}

/** The VAPID public key as the bytes PushManager.subscribe takes. */
export function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const bytes = decodeBase64Url(publicKey);
  if (!bytes) throw new Error('The server sent an unreadable push key');
  return new Uint8Array(bytes);
}

/**
 * A subscription made with `publicKey`. One the browser holds for another key (the server's
 * keys changed) cannot be reused: it is dropped and a new one made.
 */
export async function subscribeBrowser(
  registration: ServiceWorkerRegistration,
  publicKey: string,
): Promise<PushSubscription> {
  const key = applicationServerKey(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && !sameKey(existing.options.applicationServerKey, key)) {
    await existing.unsubscribe();
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}

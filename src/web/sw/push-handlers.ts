import { type PushPayload, parsePushPayload, safeAppPath } from '@/domain/push-payload';

/**
 * The service worker's side of push notifications (issue 22 item 5, decision 0053):
 * service-worker.ts calls registerPushHandlers(self). A push shows its notification; a tap
 * opens the dare or conversation it is about in an open tab of the app, or a new one.
 *
 * The scope is typed by the little it uses, so this file typechecks under the DOM lib (the
 * app's) and the WebWorker lib (the service worker's) alike.
 */
export type PushData = { json(): unknown };
export type PushEventLike = { data: PushData | null; waitUntil(promise: Promise<unknown>): void };
export type NotificationClickEventLike = {
  notification: { data: unknown; close(): void };
  waitUntil(promise: Promise<unknown>): void;
};
export type WindowClientLike = {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
};
export type ShownNotificationOptions = {
  body: string;
  tag: string;
  icon: string;
  badge: string;
  data: { url: string; notificationId?: number };
};
export interface PushWorkerScope {
  addEventListener(type: 'push', listener: (event: PushEventLike) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: NotificationClickEventLike) => void,
  ): void;
  registration: {
    showNotification(title: string, options: ShownNotificationOptions): Promise<void>;
  };
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<ReadonlyArray<WindowClientLike>>;
    openWindow(url: string): Promise<unknown>;
  };
  location: { origin: string };
}

export const NOTIFICATION_ICON = '/icons/icon-192.png';

/**
 * A push the worker cannot read still shows something: browsers require every push to show
 * a notification (userVisibleOnly), and would otherwise show their own generic one.
 */
export const FALLBACK_PUSH: PushPayload = {
  title: 'Darefund',
  body: 'You have a new notification.',
  url: '/notifications',
  tag: 'darefund',
};

/** The payload of a push event, or the fallback when it is missing or not ours. */
export function readPushEvent(data: PushData | null): PushPayload {
  if (!data) return FALLBACK_PUSH;
  try {
    return parsePushPayload(data.json()) ?? FALLBACK_PUSH;
  } catch {
    return FALLBACK_PUSH;
  }
}

export function notificationOptions(payload: PushPayload): ShownNotificationOptions {
  return {
    body: payload.body,
    tag: payload.tag,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_ICON,
    data: {
      url: payload.url,
      ...(payload.notificationId === undefined ? {} : { notificationId: payload.notificationId }),
    },
  };
}

/** Where a tap leads: the notification's in-app path on this origin, else the app's start. */
export function clickTarget(data: unknown, origin: string): string {
  const url = (data as { url?: unknown } | null)?.url;
  const target = new URL(safeAppPath(url) ?? '/', origin);
  // safeAppPath already keeps it a path; the origin check is the belt to those braces.
  return target.origin === origin ? target.href : new URL('/', origin).href;
}

/**
 * Opens `target` in a tab of the app: an open one is focused and navigated there (the
 * person's place in it is the app's own), else a new window. A tab the worker does not
 * control cannot be navigated by it: then a new window too.
 */
export async function openInApp(scope: PushWorkerScope, target: string): Promise<void> {
  const origin = scope.location.origin;
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = windows.find((client) => {
    try {
      return new URL(client.url).origin === origin;
    } catch {
      return false;
    }
  });
  if (tab) {
    // Focus needs the tap's user activation; a tab that cannot take it still follows the link.
    await tab.focus().catch(() => undefined);
    try {
      await tab.navigate(target);
      return;
    } catch {
      // Not ours to navigate: fall through to a new window.
    }
  }
  await scope.clients.openWindow(target);
}

export function registerPushHandlers(scope: PushWorkerScope): void {
  scope.addEventListener('push', (event: PushEventLike) => {
    const payload = readPushEvent(event.data);
    event.waitUntil(
      scope.registration.showNotification(payload.title, notificationOptions(payload)),
    );
  });
  scope.addEventListener('notificationclick', (event: NotificationClickEventLike) => {
    event.notification.close();
    event.waitUntil(openInApp(scope, clickTarget(event.notification.data, scope.location.origin)));
  });
}

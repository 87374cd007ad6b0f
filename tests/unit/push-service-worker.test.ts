import { describe, expect, it } from 'vitest';
import {
  FALLBACK_PUSH,
  NOTIFICATION_ICON,
  type NotificationClickEventLike,
  type PushEventLike,
  type PushWorkerScope,
  registerPushHandlers,
  type ShownNotificationOptions,
  type WindowClientLike,
} from '@/web/sw/push-handlers';

/**
 * Issue 22 item 5: the service worker's push and notificationclick handlers, on a stand-in
 * of the worker's global scope that records what they do.
 */
const ORIGIN = 'https://darefund.app';

function fakeScope(windows: Array<{ url: string; navigable?: boolean }> = []) {
  const listeners = new Map<string, (event: never) => void>();
  const shown: Array<{ title: string; options: ShownNotificationOptions }> = [];
  const opened: string[] = [];
  const done: Array<Promise<unknown>> = [];
  const log: string[] = [];
  const clients: WindowClientLike[] = windows.map((w, i) => ({
    url: w.url,
    focus: async () => log.push(`focus ${i}`),
    navigate: async (url: string) => {
      if (w.navigable === false) throw new TypeError('not controlled');
      log.push(`navigate ${i} ${url}`);
    },
  }));
  const scope: PushWorkerScope = {
    addEventListener: (type: string, listener: (event: never) => void) => {
      listeners.set(type, listener);
    },
    registration: {
      showNotification: async (title, options) => {
        shown.push({ title, options });
      },
    },
    clients: {
      matchAll: async () => clients,
      openWindow: async (url) => opened.push(url),
    },
    location: { origin: ORIGIN },
  };
  registerPushHandlers(scope);
  const waitUntil = (promise: Promise<unknown>) => done.push(promise);
  return {
    shown,
    opened,
    log,
    push: async (data: unknown | (() => unknown)) => {
      const event: PushEventLike = {
        data:
          data === undefined
            ? null
            : { json: () => (typeof data === 'function' ? (data as () => unknown)() : data) },
        waitUntil,
      };
      (listeners.get('push') as (event: PushEventLike) => void)(event);
      await Promise.all(done);
    },
    click: async (data: unknown) => {
      let closed = false;
      const event: NotificationClickEventLike = {
        notification: { data, close: () => (closed = true) },
        waitUntil,
      };
      (listeners.get('notificationclick') as (event: NotificationClickEventLike) => void)(event);
      await Promise.all(done);
      return closed;
    },
  };
}

describe('push', () => {
  it('shows the notification the payload describes, its link kept in data', async () => {
    const sw = fakeScope();
    await sw.push({
      title: 'Bea pledged $10.00 to "Sing"',
      body: 'The hold on their card counts toward your goal.',
      url: '/dares/12',
      tag: 'notification-7',
      notificationId: 7,
    });
    expect(sw.shown).toEqual([
      {
        title: 'Bea pledged $10.00 to "Sing"',
        options: {
          body: 'The hold on their card counts toward your goal.',
          tag: 'notification-7',
          icon: NOTIFICATION_ICON,
          badge: NOTIFICATION_ICON,
          data: { url: '/dares/12', notificationId: 7 },
        },
      },
    ]);
  });

  it('shows a plain notification for a push it cannot read (browsers require one)', async () => {
    const sw = fakeScope();
    await sw.push(undefined);
    await sw.push(() => {
      throw new SyntaxError('not JSON');
    });
    await sw.push({ body: 'no title' });
    expect(sw.shown.map((s) => s.title)).toEqual(Array(3).fill(FALLBACK_PUSH.title));
    expect(sw.shown[0]!.options.data.url).toBe('/notifications');
  });

  it('never keeps a link to another site', async () => {
    const sw = fakeScope();
    await sw.push({ title: 'x', url: 'https://evil.example/phish' });
    expect(sw.shown[0]!.options.data.url).toBe('/');
  });
});

describe('notificationclick', () => {
  it('closes the notification, focuses an open tab of the app and takes it to the link', async () => {
    const sw = fakeScope([{ url: 'https://elsewhere.example/' }, { url: `${ORIGIN}/profile` }]);
    expect(await sw.click({ url: '/inbox/3' })).toBe(true);
    expect(sw.log).toEqual(['focus 1', `navigate 1 ${ORIGIN}/inbox/3`]);
    expect(sw.opened).toEqual([]);
  });

  it('opens a new window when no tab of the app is open, or the tab cannot be navigated', async () => {
    const none = fakeScope();
    await none.click({ url: '/dares/12?vote=1' });
    expect(none.opened).toEqual([`${ORIGIN}/dares/12?vote=1`]);

    const uncontrolled = fakeScope([{ url: `${ORIGIN}/`, navigable: false }]);
    await uncontrolled.click({ url: '/dares/4' });
    expect(uncontrolled.opened).toEqual([`${ORIGIN}/dares/4`]);
  });

  it('opens only same-origin paths: anything else opens the app', async () => {
    for (const url of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      undefined,
    ]) {
      const sw = fakeScope();
      await sw.click(url === undefined ? null : { url });
      expect(sw.opened).toEqual([`${ORIGIN}/`]);
    }
  });
});

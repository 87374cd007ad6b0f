import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagePush } from '@/domain/push-payload';
import { logIn } from './feed-helpers';
import { type Harness, startHarness } from './harness';
import { type ApiUser, apiUser, call } from './proof-helpers';

// Issue 22 item 5 in the browser: a push delivered to the service worker through the DevTools
// protocol (ServiceWorker.deliverPushMessage, the browser's own push entry point) shows the
// notification, and tapping it opens the conversation it is about. What the server puts in a
// push, and that a push service can decrypt it, is tests/integration/push-delivery.test.ts;
// the payload here is built by the same function the server uses (domain/push-payload).
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.stop();
});

/**
 * The page's service worker registration id, as the DevTools protocol names it, once its
 * worker is activated: a push handed to a registration whose worker is still installing or
 * activating is dropped by the browser (seen on a loaded machine).
 */
async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    const ours = new Set<string>();
    const activated = new Set<string>();
    const settle = () => {
      for (const id of ours) if (activated.has(id)) resolve(id);
    };
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      for (const r of registrations) {
        if (r.scopeURL === scope && !r.isDeleted) ours.add(r.registrationId);
      }
      settle();
    });
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      for (const v of versions) {
        if (v.status === 'activated') activated.add(v.registrationId);
      }
      settle();
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

async function controlledPage(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as unknown,
    }));
  });

describe('a push on this device', () => {
  let reader: ApiUser;
  let sender: ApiUser;
  let conversationId: number;

  beforeAll(async () => {
    reader = await apiUser(harness.baseUrl, 'push-reader');
    sender = await apiUser(harness.baseUrl, 'push-sender');
    const conversation = await call<{ id: number }>(harness.baseUrl, sender, '/api/conversations', {
      participants: [reader.id],
    });
    conversationId = conversation.id;
    await call(harness.baseUrl, sender, `/api/conversations/${conversationId}/messages`, {
      content: 'Ready for the ice bath?',
    });
  });

  it('shows the notification, and tapping it opens the conversation', async () => {
    const page = await harness.newPage({
      serviceWorkers: 'allow',
      permissions: ['notifications'],
    });
    await logIn(page, reader, '/');
    await controlledPage(page);

    const cdp = await page.context().newCDPSession(page);
    const origin = new URL(harness.baseUrl).origin;
    const id = await registrationId(cdp, `${origin}/`);
    const payload = messagePush({
      conversationId,
      senderName: sender.email.split('@')[0] ?? 'someone',
      content: 'Ready for the ice bath?',
    });
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: id,
      data: JSON.stringify(payload),
    });

    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        {
          title: payload.title,
          body: 'Ready for the ice bath?',
          tag: `conversation-${conversationId}`,
          icon: `${origin}/icons/icon-192.png`,
          data: { url: `/inbox/${conversationId}` },
        },
      ]);

    // No protocol command taps a notification: the worker is handed the click event a tap
    // gives it, for the notification it shows, and its own handler takes it from there.
    const [worker] = page.context().serviceWorkers();
    if (!worker) throw new Error('no service worker');
    await worker.evaluate(async () => {
      const sw = self as unknown as {
        registration: { getNotifications(): Promise<Notification[]> };
        dispatchEvent(event: Event): boolean;
      };
      const [shown] = await sw.registration.getNotifications();
      if (!shown) throw new Error('no notification shown');
      const NotificationEventClass = (
        globalThis as unknown as {
          NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
        }
      ).NotificationEvent;
      // A script's event cannot be waited on (waitUntil throws for it); the handler's work
      // has already started by then, which is what the page below shows.
      try {
        sw.dispatchEvent(new NotificationEventClass('notificationclick', { notification: shown }));
      } catch {
        // Reported in the worker's console; the navigation goes on.
      }
    });

    await page.waitForURL(`**/inbox/${conversationId}`);
    await expect
      .poll(() => page.getByText('Ready for the ice bath?').first().isVisible())
      .toBe(true);
    // The tapped notification is closed.
    await expect.poll(() => shownNotifications(page)).toEqual([]);
    await harness.screenshot(page, 'push-notification-opened');
  });
});

import { createECDH, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './a11y-helpers';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';
import { openNotificationSettings } from './notification-settings-helpers';

/**
 * Issue 22 item 5: 'Push notifications on this device' in Notification Settings. What a
 * browser without the app's service worker can show: the switch's name, its disabled states
 * with their reasons (no push support, notifications blocked, no service worker), and the
 * whole on/off flow against the real server with only the browser's push service stubbed
 * (PushManager and the permission prompt: there is no push service without the internet).
 * Delivery through the service worker is tested once the worker exists (CDP
 * ServiceWorker.deliverPushMessage).
 */
let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

const SWITCH_NAME = 'Push notifications on this device';

async function signedInPage(setup?: (page: Page) => Promise<unknown>) {
  const user = uniqueUser('push');
  await registerViaApi(harness.baseUrl, user);
  const page = await harness.newPage();
  await setup?.(page);
  await page.goto('/auth?redirectTo=%2Fprofile');
  await page.getByLabel('Email or username').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/profile');
  return page;
}

/** The text the switch is described by (its aria-describedby). */
const description = (page: Page) =>
  page
    .getByRole('switch', { name: SWITCH_NAME })
    .evaluate(
      (el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent,
    );

describe('the device switch when push cannot work', () => {
  it('a browser without push: disabled, and says why', async () => {
    const page = await signedInPage((p) =>
      p.addInitScript(() => {
        // @ts-expect-error: a browser without the Push API (iOS Safari outside an installed app)
        delete window.PushManager;
      }),
    );
    const dialog = await openNotificationSettings(page);
    const toggle = dialog.getByRole('switch', { name: SWITCH_NAME });
    await expect.poll(() => description(page)).toMatch(/can't receive push notifications/);
    expect(await toggle.isDisabled()).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('notifications blocked in the browser: disabled, and says where to change it', async () => {
    const page = await signedInPage((p) =>
      p.addInitScript(() => {
        Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
      }),
    );
    const dialog = await openNotificationSettings(page);
    const toggle = dialog.getByRole('switch', { name: SWITCH_NAME });
    await dialog.getByText('Notifications are blocked in your browser settings').waitFor();
    expect(await toggle.isDisabled()).toBe(true);
    expect(await description(page)).toMatch(/^Notifications are blocked in your browser settings/);
    await page.waitForTimeout(400); // the sheet's slide-up animation
    await harness.screenshot(page, 'push-settings-blocked');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('no service worker yet: after a bounded wait, disabled with a clear message', async () => {
    const page = await signedInPage((p) =>
      p.addInitScript(() => {
        // Headless Chromium answers 'denied' unless told otherwise: a person not asked yet.
        Object.defineProperty(Notification, 'permission', { get: () => 'default' });
        Object.defineProperty(ServiceWorkerContainer.prototype, 'ready', {
          get: () => new Promise(() => {}),
        });
      }),
    );
    const dialog = await openNotificationSettings(page);
    const toggle = dialog.getByRole('switch', { name: SWITCH_NAME });
    await dialog.getByText("Push notifications aren't ready in this browser yet").waitFor();
    expect(await toggle.isDisabled()).toBe(true);
  });
});

describe('turning push on and off', () => {
  it('asks for permission, subscribes with the server key, registers; off deletes it', async () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const keys = {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
    const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(8).toString('hex')}`;
    const page = await signedInPage((p) =>
      p.addInitScript(
        ({ endpoint, keys }) => {
          // The browser's push service, stubbed: permission prompt, subscribe, getSubscription.
          const store = window.localStorage;
          Object.defineProperty(Notification, 'permission', {
            get: () => store.getItem('stub-permission') ?? 'default',
          });
          Notification.requestPermission = async () => {
            store.setItem('stub-permission', 'granted');
            return 'granted';
          };
          const subscription = {
            endpoint,
            options: { applicationServerKey: null as ArrayBuffer | null },
            toJSON: () => ({ endpoint, expirationTime: null, keys }),
            unsubscribe: async () => {
              store.removeItem('stub-subscribed');
              return true;
            },
          };
          const pushManager = {
            getSubscription: async () => (store.getItem('stub-subscribed') ? subscription : null),
            subscribe: async (options: { applicationServerKey: Uint8Array }) => {
              store.setItem('stub-subscribed', '1');
              store.setItem('stub-key', btoa(String.fromCharCode(...options.applicationServerKey)));
              subscription.options.applicationServerKey = options.applicationServerKey
                .buffer as ArrayBuffer;
              return subscription;
            },
          };
          Object.defineProperty(ServiceWorkerContainer.prototype, 'ready', {
            get: () => Promise.resolve({ pushManager }),
          });
        },
        { endpoint, keys },
      ),
    );
    const pushDevices = () =>
      page.evaluate(async () => {
        const response = await fetch('/api/account/export');
        return ((await response.json()) as { pushDevices: unknown[] }).pushDevices;
      });

    let dialog = await openNotificationSettings(page);
    let toggle = dialog.getByRole('switch', { name: SWITCH_NAME });
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    // Subscribed with the server's VAPID key, and registered on the server.
    const serverKey = await page.evaluate(async () => {
      const response = await fetch('/api/push/vapid-public-key');
      return ((await response.json()) as { publicKey: string }).publicKey;
    });
    const usedKey = await page.evaluate(() => localStorage.getItem('stub-key'));
    expect(Buffer.from(usedKey!, 'base64').toString('base64url')).toBe(serverKey);
    expect(await pushDevices()).toEqual([
      expect.objectContaining({ pushService: 'fcm.googleapis.com' }),
    ]);
    await page.waitForTimeout(400);
    await harness.screenshot(page, 'push-settings-on');
    expect(await axeViolations(page)).toEqual([]);

    // Still on after a reload; then off by keyboard, and gone from the server.
    await page.reload();
    dialog = await openNotificationSettings(page);
    toggle = dialog.getByRole('switch', { name: SWITCH_NAME });
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => toggle.isDisabled()).toBe(false);
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => pushDevices()).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('stub-subscribed'))).toBeNull();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from './feed-helpers';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ seedDemo: true });
});

afterAll(async () => {
  await harness?.stop();
});

type Dare = { id: number; title: string; status: string; creator: { username: string } };

/** A seeded dare that takes pledges, and its creator's demo login. */
async function openDare(): Promise<Dare> {
  const response = await fetch(`${harness.baseUrl}/api/dares?limit=50`);
  const page = (await response.json()) as { items: Dare[] };
  const dare = page.items.find((d) => d.status === 'active' || d.status === 'pending');
  if (!dare) throw new Error('No seeded dare takes pledges');
  return dare;
}

/** Someone else pledges $7 by card through the API (the pledge flow the dialog runs). */
async function pledgeAsSomeoneElse(dareId: number) {
  const user = { ...uniqueUser('notify-pledger'), displayName: 'Robin Pledger' };
  await registerViaApi(harness.baseUrl, user);
  const login = await fetch(`${harness.baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${harness.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };
  const pledge = await post('/api/pledges', { dareId, amount: 7 });
  const intent = await post('/api/pledges/payment-intent', {
    pledgeId: pledge.id,
    dareId,
    amount: 700,
  });
  const confirm = await post('/api/payments/simulated/confirm', {
    clientSecret: intent.clientSecret,
    paymentMethod: {
      card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' },
      billingDetails: { name: 'Robin Pledger' },
    },
  });
  expect(confirm.status).toBe('requires_capture');
}

describe('notifications', () => {
  it('a creator sees a new pledge with the badge, opens the screen, and the badge clears', async () => {
    const dare = await openDare();
    const page = await harness.newPage();
    await logIn(page, { email: dare.creator.username, password: 'demo1234' }, '/notifications');
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    // The demo's own pledges notified the creator already: start from a clean slate.
    await page.getByRole('list', { name: 'Notifications' }).waitFor();
    await page.getByText(/^\d+ unread$/).waitFor();
    await harness.screenshot(page, 'notifications-0-demo-creator');
    const markAll = page.getByRole('button', { name: 'Mark all as read' });
    await markAll.click();
    await markAll.waitFor({ state: 'hidden' });

    await page.goto('/');
    const bell = page.getByRole('link', { name: /^Notifications/ });
    await bell.waitFor();
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');
    await expect(page.getByTestId('unread-badge').count()).resolves.toBe(0);

    await pledgeAsSomeoneElse(dare.id);
    // The badge polls every 30 s and on focus; a reload stands in for the wait.
    await page.reload();
    await page.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor();
    expect(await page.getByTestId('unread-badge').textContent()).toBe('1');
    await harness.screenshot(page, 'notifications-1-feed-badge');

    await page.getByRole('link', { name: 'Notifications, 1 unread' }).click();
    await page.waitForURL('**/notifications');
    const row = page.getByRole('link', {
      name: new RegExp(`Unread: Robin Pledger pledged \\$7\\.00 to "${dare.title}"`),
    });
    await row.waitFor();
    await page.getByText('1 unread').waitFor();
    await harness.screenshot(page, 'notifications-2-screen');

    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByRole('button', { name: 'Mark all as read' }).waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: /^Robin Pledger pledged/ }).waitFor();
    await harness.screenshot(page, 'notifications-3-read');

    await page.getByRole('link', { name: 'Back', exact: true }).click();
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    await expect(page.getByTestId('unread-badge').count()).resolves.toBe(0);

    // The row leads to its dare.
    await page.goto('/notifications');
    await page.getByRole('link', { name: /^Robin Pledger pledged/ }).click();
    await page.waitForURL(`**/dares/${dare.id}`);
  });

  it('a new user sees the empty state, an anonymous visitor is asked to log in', async () => {
    const user = uniqueUser('notify-empty');
    await registerViaApi(harness.baseUrl, user);
    const page = await harness.newPage();
    await logIn(page, user, '/notifications');
    await page.getByRole('heading', { name: 'No notifications yet' }).waitFor();
    await harness.screenshot(page, 'notifications-4-empty');

    // From the own profile: the bell, and 'Notifications' in the menu.
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await harness.screenshot(page, 'notifications-5-profile-menu');
    await page.getByRole('menuitem', { name: 'Notifications', exact: true }).click();
    await page.waitForURL('**/notifications');

    const anonymous = await harness.newPage();
    await anonymous.goto('/notifications');
    await anonymous.getByRole('heading', { name: 'Log in to see your notifications' }).waitFor();
  });
});

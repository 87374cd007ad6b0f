import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';
import { settledToast } from './layout-helpers';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ seedDemo: true });
});

afterAll(async () => {
  await harness?.stop();
});

async function logIn(page: Page, user: { email: string; password: string }, redirectTo: string) {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel('Email or username').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === redirectTo);
}

/** The number shown above a count's label, e.g. Followers in "@bo's counts". */
async function countOf(page: Page, list: string, label: string) {
  const item = page.getByRole('list', { name: list }).getByRole('listitem').filter({
    hasText: label,
  });
  return ((await item.textContent()) ?? '').replace(label, '').trim();
}

async function waitForCount(page: Page, list: string, label: string, value: string) {
  await expect.poll(() => countOf(page, list, label), { timeout: 10_000 }).toBe(value);
}

describe("another user's profile", () => {
  it('follows from the profile: counts move, the follower list and the own profile show it', async () => {
    const alice = { ...uniqueUser('alice'), displayName: 'Alice Follows' };
    const bob = { ...uniqueUser('bob'), displayName: 'Bob Followed' };
    const aliceUser = await registerViaApi(harness.baseUrl, alice);
    const bobUser = await registerViaApi(harness.baseUrl, bob);
    const counts = `@${bobUser.username}'s counts`;

    // Signed out, Follow leads to the login and back.
    const visitor = await harness.newPage();
    await visitor.goto(`/users/${bobUser.id}`);
    await visitor.getByRole('heading', { name: 'Bob Followed' }).waitFor();
    await visitor.getByRole('button', { name: `Follow @${bobUser.username}` }).click();
    await visitor.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(visitor.url()).searchParams.get('redirectTo')).toBe(`/users/${bobUser.id}`);

    const page = await harness.newPage();
    await logIn(page, alice, `/users/${bobUser.id}`);
    await page.getByRole('heading', { name: 'Bob Followed' }).waitFor();
    await page.getByText(`@${bobUser.username}`, { exact: true }).first().waitFor();
    expect(await countOf(page, counts, 'Followers')).toBe('0');
    expect(await countOf(page, counts, 'Following')).toBe('0');
    expect(await countOf(page, counts, 'Completed')).toBe('0');
    await page.getByText('No dares yet').waitFor();
    // 'Challenge' opens the request dialog preset to this user, and closes again.
    await page.getByRole('button', { name: `Challenge @${bobUser.username}` }).click();
    const challenge = page.getByRole('dialog', { name: 'Challenge Someone' });
    await challenge.getByText('Send Bob Followed a dare to take on.').waitFor();
    await challenge.getByRole('button', { name: 'Cancel' }).click();
    await challenge.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Message' }).waitFor();

    await page.getByRole('button', { name: `Follow @${bobUser.username}` }).click();
    await page.getByRole('button', { name: `Following @${bobUser.username}` }).waitFor();
    await waitForCount(page, counts, 'Followers', '1');
    // Still 1 after the server answered and the profile was read again.
    await page.reload();
    await page.getByRole('button', { name: `Following @${bobUser.username}` }).waitFor();
    await waitForCount(page, counts, 'Followers', '1');

    await page.getByRole('link', { name: 'View Followers' }).click();
    await page.waitForURL((url) => url.pathname === `/users/${bobUser.id}/followers`);
    const list = page.getByRole('list', { name: 'Followers' });
    await list.getByText('Alice Follows').waitFor();
    // No follow button on your own row.
    expect(await list.getByRole('button').count()).toBe(0);

    // Alice's own profile: following 1, and her following list shows Bob with 'Following'.
    await page.goto('/profile');
    await waitForCount(page, 'Your people', 'Following', '1');
    await page
      .getByRole('list', { name: 'Your people' })
      .getByRole('link', { name: /Following/ })
      .click();
    await page.waitForURL((url) => url.pathname.endsWith('/following'));
    await page
      .getByRole('list', { name: 'Following' })
      .getByRole('button', { name: `Following @${bobUser.username}` })
      .waitFor();

    // Bob's own profile counts Alice.
    const bobPage = await harness.newPage();
    await logIn(bobPage, bob, '/profile');
    await waitForCount(bobPage, 'Your people', 'Followers', '1');
    await waitForCount(bobPage, 'Your people', 'Following', '0');
    await harness.screenshot(bobPage, 'follow-own-profile-stats');
    // His follower list offers to follow Alice back.
    await bobPage
      .getByRole('list', { name: 'Your people' })
      .getByRole('link', { name: /Followers/ })
      .click();
    await bobPage
      .getByRole('list', { name: 'Followers' })
      .getByRole('button', { name: /^Follow @/ })
      .waitFor();
    await harness.screenshot(bobPage, 'follow-list-followers');
    await bobPage.getByRole('link', { name: 'Back' }).click();
    await bobPage.waitForURL((url) => url.pathname === '/profile');
    await bobPage.goto(`/users/${bobUser.id}/following`);
    await bobPage.getByText('Not following anyone yet').waitFor();
    // Bob opening his own /users/{id} lands on /profile.
    await bobPage.goto(`/users/${bobUser.id}`);
    await bobPage.waitForURL((url) => url.pathname === '/profile');

    // 'Message' on Alice's profile opens the conversation with her in the inbox.
    await bobPage.goto(`/users/${aliceUser.id}`);
    await bobPage.getByRole('heading', { name: 'Alice Follows' }).waitFor();
    await bobPage.getByRole('button', { name: 'Message' }).click();
    await bobPage.waitForURL((url) => /^\/inbox\/\d+$/.test(url.pathname));
    await bobPage.getByText('Alice Follows').first().waitFor();

    // Three quick taps (unfollow, follow, unfollow) end unfollowed, on screen and on the server.
    await page.goto(`/users/${bobUser.id}`);
    const toggle = page.getByRole('button', {
      name: new RegExp(`^Follow(ing)? @${bobUser.username}$`),
    });
    await page.getByRole('button', { name: `Following @${bobUser.username}` }).waitFor();
    for (let i = 0; i < 3; i += 1) await toggle.click();
    await page.getByRole('button', { name: `Follow @${bobUser.username}` }).waitFor();
    await waitForCount(page, counts, 'Followers', '0');
    await expect
      .poll(
        async () =>
          (await (await fetch(`${harness.baseUrl}/api/users/${bobUser.id}`)).json()).followerCount,
      )
      .toBe(0);
    await page.reload();
    await page.getByRole('button', { name: `Follow @${bobUser.username}` }).waitFor();
    await waitForCount(page, counts, 'Followers', '0');

    // The session ends in another tab: the follow is refused, the toggle goes back and the
    // toast says why.
    await page.evaluate(() => fetch('/api/logout', { method: 'POST' }));
    await page.getByRole('button', { name: `Follow @${bobUser.username}` }).click();
    const toasts = page.getByRole('region', { name: 'Notifications (F8)', includeHidden: true });
    await toasts.getByText('Error', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: `Follow @${bobUser.username}` }).waitFor();
    await waitForCount(page, counts, 'Followers', '0');
    await settledToast(page);
    await harness.screenshot(page, 'follow-error-toast');
  });

  it("shows a creator's dares, stats and completed dares; unknown users get 'User not found'", async () => {
    const page = await harness.newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
    const feed = (await (await fetch(`${harness.baseUrl}/api/dares?limit=50`)).json()) as {
      items: Array<{ creatorId: number; takerId: number | null; status: string }>;
    };
    // A demo creator with a completed dare of their own if there is one, so every tab has content.
    const done = feed.items.find((d) => d.status === 'completed' && d.takerId === d.creatorId);
    const creatorId = done?.creatorId ?? feed.items[0]!.creatorId;
    await page.goto(`/users/${creatorId}`);
    const dares = page.getByRole('list', { name: 'Dares' });
    await dares.getByRole('link').first().waitFor();
    const first = (await dares.getByRole('link').first().textContent()) ?? '';
    expect(first).toMatch(/\$[\d,.]+ raised/);
    expect(first).toMatch(/Target: \$[\d,.]+/);
    expect(first).toMatch(/Completed|Active|Verifying|Pending/);
    expect(await dares.getByRole('link').first().getAttribute('href')).toMatch(/^\/dares\/\d+$/);
    await harness.screenshot(page, 'user-profile-dares');

    // Share: no share sheet in headless Chromium, so the link is copied.
    await page.evaluate(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.getByRole('button', { name: 'Share profile' }).click();
    const toasts = page.getByRole('region', { name: 'Notifications (F8)', includeHidden: true });
    await toasts.getByText('Link copied', { exact: true }).first().waitFor();
    await toasts.getByText('Profile link copied to clipboard').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${harness.baseUrl}/users/${creatorId}`,
    );

    await page.getByRole('tab', { name: 'Stats' }).click();
    await page.getByText('Total Earned').waitFor();
    expect(await page.getByRole('tabpanel').textContent()).toMatch(/\$\d+\.\d{2}/);
    await harness.screenshot(page, 'user-profile-stats');

    await page.getByRole('tab', { name: 'Completed' }).click();
    await page.waitForTimeout(300); // the tabs' colour transition, for the screenshot
    await page
      .getByRole('list', { name: 'Completed dares' })
      .or(page.getByText('No completed dares'))
      .first()
      .waitFor();
    await harness.screenshot(page, 'user-profile-completed');

    await page.goto('/users/2000000000');
    await page.getByText('User not found').waitFor();
    await page.getByText("This user doesn't exist or has been removed.").waitFor();
    await page.getByRole('link', { name: 'Go home' }).waitFor();
  });
});

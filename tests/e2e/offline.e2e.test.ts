import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCard } from './create-dare-helpers';
import { currentSlide, newcomerPage, toastText } from './feed-helpers';
import { type Harness, startHarness } from './harness';

// Issue 19 item 7: a network blip never blanks the app. A screen whose code or data cannot
// load says so inside the layout (header and bottom navigation stay), with Try again, and
// comes back by itself when the browser is online again; actions say 'You're offline'.
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ seedDemo: true });
});

afterAll(async () => {
  await harness?.stop();
});

const newcomer = (prefix: string, to = '/') => newcomerPage(harness, prefix, to);

/** Fails every request for the profile screen's code while `blocked` says so. */
async function blockProfileChunk(page: Page) {
  const state = { blocked: true, attempts: 0 };
  await page.route(/\/assets\/profile-page-[^/]+\.js$/, async (route) => {
    state.attempts += 1;
    if (state.blocked) await route.abort('internetdisconnected');
    else await route.continue();
  });
  return state;
}

const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('offline', () => {
  it("a screen whose code can't load shows its error in the layout and comes back online", async () => {
    const page = await newcomer('offline-me');
    await currentSlide(page).waitFor();
    const chunk = await blockProfileChunk(page);
    await page.context().setOffline(true);
    await bottomNav(page).getByRole('link', { name: 'Me' }).click();

    const failed = page.getByRole('alert');
    await failed.getByText("You're offline").waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
    // The app around it stays: the header and the navigation, not a blank screen.
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await bottomNav(page).getByRole('link', { name: 'Feed' }).waitFor();
    await harness.screenshot(page, 'offline-1-screen-error');

    // Back online, it loads by itself (the 'online' event), importing the code afresh.
    chunk.blocked = false;
    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    expect(chunk.attempts).toBeGreaterThanOrEqual(2);
    expect(await failed.count()).toBe(0);
  });

  it('Try again imports the failed code afresh', async () => {
    const page = await newcomer('retry-me');
    await currentSlide(page).waitFor();
    const chunk = await blockProfileChunk(page);
    await bottomNav(page).getByRole('link', { name: 'Me' }).click();
    const retry = page.getByRole('button', { name: 'Try again' });
    await retry.waitFor();
    await page.getByText("Couldn't load this screen").waitFor();
    chunk.blocked = false;
    await retry.click();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    expect(chunk.attempts).toBe(2);
  });

  it("Continue to Payment and Pay say 'You're offline', and work again online", async () => {
    const page = await newcomer('offline-pay');
    await currentSlide(page)
      .getByRole('button', { name: /^(Pledge|Fund)$/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Pledge to this Dare' });
    await dialog.getByText('$10', { exact: true }).click();
    const proceed = dialog.getByRole('button', { name: 'Continue to Payment' });

    await page.context().setOffline(true);
    await proceed.click();
    await toastText(page, "You're offline").waitFor();
    // Not spinning: the button can be used again.
    await expect.poll(() => proceed.getAttribute('aria-busy')).toBeNull();
    expect(await proceed.isEnabled()).toBe(true);
    await harness.screenshot(page, 'offline-2-continue');

    await page.context().setOffline(false);
    await proceed.click();
    const payment = page.getByRole('dialog', { name: 'Complete Your Payment' });
    await payment.waitFor();
    await fillCard(payment, '4242 4242 4242 4242');

    await page.context().setOffline(true);
    await payment.getByRole('button', { name: 'Pay $10' }).click();
    await payment.getByText("You're offline").waitFor();
    expect(await page.getByText('Failed to create payment intent').count()).toBe(0);
    await harness.screenshot(page, 'offline-3-pay');

    await page.context().setOffline(false);
    await payment.getByRole('button', { name: 'Pay $10' }).click();
    await toastText(page, 'Payment Successful').waitFor();
  });

  it('an uncached Trending tab says offline instead of loading forever, then fills itself', async () => {
    const page = await harness.newPage();
    await page.goto('/trending');
    await page.getByRole('list', { name: 'Hot dares' }).waitFor();
    await page.context().setOffline(true);
    await page.getByRole('tab', { name: 'Popular' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Popular' });
    await panel.getByText("You're offline").waitFor();
    await panel.getByRole('button', { name: 'Try again' }).waitFor();
    expect(await panel.getByRole('status', { name: 'Loading trending dares' }).count()).toBe(0);
    await harness.screenshot(page, 'offline-4-trending');

    await page.context().setOffline(false);
    await panel.getByRole('list', { name: 'Popular dares' }).waitFor();
  });
});

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSlide, logIn } from './feed-helpers';
import { type Harness, startHarness, VIEWPORT } from './harness';

// Issue 19 item 8: nothing is wider than the phone. A page that scrolls sideways cuts off its
// right edge, and on a phone it zooms out so fixed dialogs lose their close button.
let harness: Harness;
let maya: Page;
const demo = { email: 'maya', password: 'demo1234' };

interface Seeded {
  dareId: number;
  otherUserId: number;
}
let seeded: Seeded;

beforeAll(async () => {
  harness = await startHarness({ seedDemo: true });
  const { items } = (await (await fetch(`${harness.baseUrl}/api/dares?limit=50`)).json()) as {
    items: Array<{ id: number; status: string; creatorId: number; creator: { username: string } }>;
  };
  const active = items.find((dare) => dare.status === 'active' && dare.creator.username !== 'maya');
  if (!active) throw new Error('No seeded active dare of another user');
  seeded = { dareId: active.id, otherUserId: active.creatorId };
  maya = await harness.newPage();
  await logIn(maya, demo, '/profile');
});

afterAll(async () => {
  await harness?.stop();
});

/** How far the page scrolls sideways, and the widest elements that stick out (for the message). */
function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const scrollWidth = document.scrollingElement?.scrollWidth ?? 0;
    const culprits = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(-5)
      .map((element) => {
        const text = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
        return `${element.tagName.toLowerCase()} "${text.slice(0, 30)}" right=${Math.round(element.getBoundingClientRect().right)}`;
      });
    return { width, scrollWidth, culprits };
  });
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  const { width, scrollWidth, culprits } = await sidewaysOverflow(page);
  expect(
    scrollWidth,
    `${what}: ${scrollWidth}px wide on a ${width}px screen: ${culprits.join(', ')}`,
  ).toBeLessThanOrEqual(width);
}

/** Every part of `locator`'s box is on screen. */
async function expectOnScreen(locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, `${what} has no box`).not.toBeNull();
  const { x, y, width, height } = box!;
  expect(
    x >= 0 && y >= 0 && x + width <= VIEWPORT.width && y + height <= VIEWPORT.height,
    `${what} at x=${x} y=${y} w=${width} h=${height} on a ${VIEWPORT.width}x${VIEWPORT.height} screen`,
  ).toBe(true);
}

/** Waits until the route's screen has drawn its header and nothing says it is loading. */
async function settle(page: Page) {
  await page.locator('h1').first().waitFor();
  await page.waitForFunction(
    () => !document.querySelector('[role="status"][aria-label^="Loading"]'),
  );
}

describe('every screen fits a 390 px phone', () => {
  it('no screen scrolls sideways (signed in)', async () => {
    const screens = [
      '/',
      '/?tab=votes',
      '/?tab=watch',
      '/discover',
      '/trending',
      '/inbox',
      '/notifications',
      '/profile',
      '/achievements',
      '/dare-requests',
      '/send-dare-request',
      '/dares/new',
      `/dares/${seeded.dareId}`,
      `/fund/${seeded.dareId}`,
      `/users/${seeded.otherUserId}`,
      `/users/${seeded.otherUserId}/followers`,
      `/users/${seeded.otherUserId}/following`,
      '/no-such-page',
    ];
    for (const path of screens) {
      await maya.goto(path);
      await settle(maya);
      await expectNoSidewaysScroll(maya, path);
    }
  });

  it('no screen scrolls sideways (signed out)', async () => {
    const page = await harness.newPage();
    for (const path of ['/', '/auth', `/dares/${seeded.dareId}`, `/users/${seeded.otherUserId}`]) {
      await page.goto(path);
      await settle(page);
      await expectNoSidewaysScroll(page, `${path} signed out`);
    }
  });

  it("another user's Follow / Challenge / Message row fits, whichever way Follow reads", async () => {
    await maya.goto(`/users/${seeded.otherUserId}`);
    const follow = maya.getByRole('button', { name: /^Follow(ing)? @/ });
    for (const label of ['Follow', 'Following']) {
      await maya.getByRole('button', { name: new RegExp(`^${label} @`) }).waitFor();
      await maya.getByRole('button', { name: 'Message' }).waitFor();
      await expectNoSidewaysScroll(maya, `profile row with ${label}`);
      for (const name of [/^Follow(ing)? @/, /^Challenge @/, /^Message$/]) {
        await expectOnScreen(maya.getByRole('button', { name }), `${name} with ${label}`);
      }
      await harness.screenshot(maya, `widths-profile-${label.toLowerCase()}`);
      await follow.click();
    }
  });

  it("the Challenge dialog's close button is on screen, on a phone that zooms out too", async () => {
    const page = await harness.newPage({ isMobile: true, hasTouch: true });
    await logIn(page, demo, `/users/${seeded.otherUserId}`);
    // 'Following' is the wider label: the row was 427 px with it.
    await page.getByRole('button', { name: 'Message' }).waitFor();
    const follow = page.getByRole('button', { name: /^Follow @/ });
    if (await follow.isVisible()) await follow.click();
    await page.getByRole('button', { name: /^Following @/ }).waitFor();
    await page.getByRole('button', { name: /^Challenge @/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Challenge Someone' });
    await dialog.waitFor();
    await expectNoSidewaysScroll(page, 'Challenge dialog');
    // Where the phone shows it: the visual viewport, which a too wide page leaves behind.
    const shown = await dialog.getByRole('button', { name: 'Close' }).evaluate((button) => {
      const rect = button.getBoundingClientRect();
      const view = window.visualViewport!;
      const left = rect.left - view.offsetLeft;
      return { left, right: left + rect.width, width: view.width };
    });
    expect(
      shown.left >= 0 && shown.right <= shown.width,
      `Close at ${shown.left}..${shown.right} of ${shown.width}`,
    ).toBe(true);
    await harness.screenshot(page, 'widths-challenge-dialog');
  });

  it('dialogs on the dare and the own profile fit', async () => {
    await maya.goto(`/dares/${seeded.dareId}`);
    await maya.getByRole('button', { name: 'Share dare' }).click();
    let dialog = maya.getByRole('dialog', { name: 'Share this dare' });
    await dialog.waitFor();
    await expectNoSidewaysScroll(maya, 'share dialog');
    await expectOnScreen(dialog.getByRole('button', { name: 'Close' }), 'share dialog Close');
    await maya.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await maya.goto('/');
    await currentSlide(maya)
      .getByRole('button', { name: /^(Pledge|Fund)$/ })
      .first()
      .click();
    dialog = maya.getByRole('dialog', { name: 'Pledge to this Dare' });
    await dialog.waitFor();
    await expectNoSidewaysScroll(maya, 'pledge dialog');
    await dialog.getByText('$10', { exact: true }).click();
    await dialog.getByRole('button', { name: 'Continue to Payment' }).click();
    dialog = maya.getByRole('dialog', { name: 'Complete Your Payment' });
    await dialog.waitFor();
    await expectNoSidewaysScroll(maya, 'payment dialog');
    await expectOnScreen(dialog.getByRole('button', { name: 'Close' }), 'payment dialog Close');
    await maya.keyboard.press('Escape');

    await maya.goto('/profile');
    await maya.getByRole('button', { name: 'Edit Profile' }).click();
    dialog = maya.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.waitFor();
    await expectNoSidewaysScroll(maya, 'edit profile dialog');
    await expectOnScreen(dialog.getByRole('button', { name: 'Close' }), 'edit profile Close');
  });
});

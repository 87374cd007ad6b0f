import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { focusedName, focusedRole, signInAs, tabTo } from './a11y-helpers';
import { currentSlide } from './feed-helpers';
import { type Harness, startHarness } from './harness';
import { type ApiUser, apiUser, call, pledge, selfDare, uploadVideo } from './proof-helpers';

/**
 * The app by keyboard alone (issue 19, items 28-32 and the closing requirement): page.keyboard
 * only - no clicks, no focus() on a target. What the focused element is, is only read.
 */

let harness: Harness;
let taker: ApiUser;
let backer: ApiUser;
let dare: { id: number; title: string };
let proving: { id: number; title: string };

beforeAll(async () => {
  harness = await startHarness();
  taker = await apiUser(harness.baseUrl, 'kb-taker');
  backer = await apiUser(harness.baseUrl, 'kb-backer');
  // The one the keyboard user pledges to and votes on: the $10 pledge completes its target.
  dare = await selfDare(harness.baseUrl, taker, 'Plank for Two Minutes', 10);
  // Funded already: its taker's profile offers Submit Proof on the card.
  proving = await selfDare(harness.baseUrl, taker, 'Wall Sit Marathon', 5);
  await pledge(harness.baseUrl, backer, proving.id, 5);
}, 120_000);

afterAll(async () => {
  await harness?.stop();
});

/** The taker's proof for `dareId`, through the API as the proof dialog sends it. */
async function submitProof(dareId: number) {
  const videoUrl = await uploadVideo(harness.baseUrl, taker, 'proof');
  await call(harness.baseUrl, taker, '/api/submissions', { dareId, videoUrl });
}

const dareStatus = async (id: number) =>
  ((await (await fetch(`${harness.baseUrl}/api/dares/${id}`)).json()) as { status: string }).status;

/** Signs in on the login form by keyboard and lands on `to`. */
async function keyboardLogIn(page: Page, user: ApiUser, to: string) {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(to)}`);
  await page.getByRole('heading').first().waitFor();
  await tabTo(page, /^Email or username/);
  await page.keyboard.type(user.email);
  await tabTo(page, /^Password/);
  await page.keyboard.type(user.password);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => `${url.pathname}${url.search}` === to);
}

/** Lets a dialog's entry animation finish before its focus is read. */
async function dialogOpen(page: Page, name: string | RegExp) {
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  await dialog.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished)),
  );
  return dialog;
}

describe('keyboard only', () => {
  it('signs in, pledges $10 by card and votes on the proof without a pointer', async () => {
    const user = await apiUser(harness.baseUrl, 'kb-user');
    const page = await harness.newPage();
    await keyboardLogIn(page, user, `/?dare=${dare.id}`);
    await currentSlide(page).getByText(dare.title).first().waitFor();

    // The feed: the dare's Pledge button, then the amount dialog.
    await tabTo(page, /^Pledge$/);
    await page.keyboard.press('Enter');
    await dialogOpen(page, 'Pledge to this Dare');
    await tabTo(page, /^\$5$/);
    // Tab leaves the amounts before any is chosen (it used to stay on $5, item 32).
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).not.toBe('$5');
    await tabTo(page, /^\$5$/);
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe('$10');
    await tabTo(page, /^Continue to Payment$/);
    await page.keyboard.press('Enter');

    // The card, then Pay.
    const payment = await dialogOpen(page, 'Complete Your Payment');
    await tabTo(page, /^Card number$/);
    await page.keyboard.type('4242 4242 4242 4242');
    await tabTo(page, /^Cardholder name$/);
    await page.keyboard.type('Kim Keys');
    await tabTo(page, /^Expiry/);
    await page.keyboard.type('12/34');
    await tabTo(page, /^CVC$/);
    await page.keyboard.type('123');
    await tabTo(page, /^Pay \$10(\.00)?$/);
    await page.keyboard.press('Enter');
    await payment.waitFor({ state: 'detached' });
    // After the payment the focus is back on the button that started it (item 28).
    await expect.poll(() => focusedName(page)).toBe('Pledge');
    expect(await dareStatus(dare.id)).toBe('active');

    // The taker proves it; the keyboard user votes from My Votes.
    await submitProof(dare.id);
    await page.goto('/');
    await currentSlide(page).waitFor();
    await tabTo(page, /^Active$/);
    await page.keyboard.press('ArrowRight');
    // Radix's roving focus moves on the next tick.
    await expect.poll(() => focusedName(page)).toBe('My Votes');
    await page.waitForURL((url) => url.search === '?tab=votes');
    await currentSlide(page).getByText(dare.title).first().waitFor();
    await tabTo(page, /^Fund Dare$/);
    await page.keyboard.press('Enter');
    const vote = await dialogOpen(page, 'Verify Dare Completion');
    await tabTo(page, /^Approve$/, { role: 'button' });
    await page.keyboard.press('Enter');
    await vote.getByRole('tab', { name: 'Approve', selected: true }).waitFor();
    // The reasons replace the button just pressed: the focus moves to the chosen tab.
    expect(await focusedRole(page)).toBe('tab');
    expect(await focusedName(page)).toBe('Approve');
    // A reason: the group is one stop, the arrows choose within it.
    await tabTo(page, /^Dare completed successfully as required$/);
    await page.keyboard.press('ArrowDown');
    expect(await focusedName(page)).toBe('Clear evidence of completion shown');
    expect(
      await vote.getByRole('radio', { name: 'Clear evidence of completion shown' }).isChecked(),
    ).toBe(true);
    await tabTo(page, /^Approve$/, { role: 'button' });
    await page.keyboard.press('Enter');
    // One pledger's approval is a majority: the dare completes and leaves My Votes; the
    // focus stays in the screen rather than falling to <body>.
    await expect.poll(() => dareStatus(dare.id)).toBe('completed');
    await page.getByText('Nothing to vote on').waitFor();
    expect(await focusedName(page)).not.toBe('<body>');
  });
});

/** A page signed in as `user` (through the API: these tests are about what follows). */
async function signedIn(user: ApiUser, path: string) {
  const page = await harness.newPage();
  await signInAs(page, user);
  await page.goto(path);
  return page;
}

/** How the focused element shows its focus: its outline, or the ring a ::after draws. */
const focusRing = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as Element;
    const own = getComputedStyle(element);
    const after = getComputedStyle(element, '::after');
    const outline = own.outlineStyle === 'none' ? 0 : Number.parseFloat(own.outlineWidth);
    const layer = after.content === 'none' ? 0 : Number.parseFloat(after.borderTopWidth);
    return {
      width: Math.max(outline, layer),
      color: outline >= layer ? own.outlineColor : after.borderTopColor,
    };
  });

const ACCENT = 'rgb(46, 230, 224)';

describe('focus', () => {
  it('a closed dialog gives the focus back to the control that opened it (item 28)', async () => {
    const page = await signedIn(backer, `/?dare=${proving.id}`);
    await currentSlide(page).getByText(proving.title).first().waitFor();
    const openClose = async (
      opener: RegExp,
      dialog: string | RegExp,
      close: 'Escape' | 'Close',
    ) => {
      await tabTo(page, opener);
      const name = await focusedName(page);
      await page.keyboard.press('Enter');
      const shown = await dialogOpen(page, dialog);
      if (close === 'Escape') await page.keyboard.press('Escape');
      else {
        await tabTo(page, /^Close$/, { back: true });
        await page.keyboard.press('Enter');
      }
      await shown.waitFor({ state: 'detached' });
      await expect.poll(() => focusedName(page), { message: `after ${dialog}` }).toBe(name);
    };
    await openClose(/^Pledge$/, 'Pledge to this Dare', 'Escape');
    await openClose(/^Comments/, /Comments/, 'Close');

    await page.goto(`/dares/${proving.id}`);
    await page.getByRole('heading', { name: 'Dare' }).waitFor();
    await openClose(/^Share dare$/, /Share/, 'Escape');
    await openClose(/^Comments/, /Comments/, 'Escape');

    await page.goto(`/users/${taker.id}`);
    await page.getByRole('button', { name: /^Challenge/ }).waitFor();
    await openClose(/^Challenge/, /Challenge/, 'Close');

    // From a menu item: the item is gone with its menu, so the focus returns to the menu's button.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await openClose(/^Edit Profile$/, 'Edit Profile', 'Escape');
    await tabTo(page, /^Profile menu$/, { back: true });
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedName(page)).toBe('Notifications');
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedName(page)).toBe('Edit Profile');
    await page.keyboard.press('Enter');
    const edit = await dialogOpen(page, 'Edit Profile');
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => focusedName(page)).toBe('Profile menu');
  });

  it('the fund page keeps the focus on the step that replaces the pressed button (item 28)', async () => {
    const page = await signedIn(backer, `/fund/${proving.id}`);
    await page.getByRole('button', { name: 'Continue to Payment' }).waitFor();
    await tabTo(page, /^\$5$/);
    await page.keyboard.press('ArrowRight');
    await tabTo(page, /^Continue to Payment$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('Your pledge');
    await tabTo(page, /^Change amount$/);
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedName(page)).toBe('$10');
  });

  it('the profile menu hides nothing it leaves reachable (item 32)', async () => {
    const page = await signedIn(backer, '/profile');
    // Tab only once the profile has rendered: before that there is nothing to reach.
    await page.getByRole('button', { name: 'Profile menu' }).waitFor();
    await tabTo(page, /^Profile menu$/);
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    const root = await page.evaluate(() => {
      const element = document.getElementById('root')!;
      return { hidden: element.getAttribute('aria-hidden'), inert: element.inert };
    });
    // Hidden from screen readers only if it cannot take the focus either.
    expect(root.hidden === 'true' && !root.inert).toBe(false);
  });

  it('tab panels show a focus ring, the feed panel over its video too (item 29)', async () => {
    const page = await signedIn(backer, `/?dare=${proving.id}`);
    await currentSlide(page).getByText(proving.title).first().waitFor();
    await tabTo(page, /./, { role: 'tabpanel' });
    expect(await focusRing(page)).toEqual({ width: 3, color: ACCENT });
    await harness.screenshot(page, 'a11y-feed-panel-focus');

    await page.goto(`/users/${taker.id}`);
    await page.getByRole('tab', { name: 'Dares' }).waitFor();
    await tabTo(page, /^Dares$/, { role: 'tab' });
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => focusedName(page)).toBe('Stats');
    await page.keyboard.press('Tab');
    expect(await focusedRole(page)).toBe('tabpanel');
    expect(await focusRing(page)).toEqual({ width: 2, color: ACCENT });
    await harness.screenshot(page, 'a11y-stats-panel-focus');
  });

  it('the feed takes its header before the dare below it (item 32)', async () => {
    const page = await signedIn(backer, `/?dare=${proving.id}`);
    await currentSlide(page).getByText(proving.title).first().waitFor();
    const stops: string[] = [];
    while (!stops.includes('button Pledge') && stops.length < 30) {
      await page.keyboard.press('Tab');
      stops.push(`${await focusedRole(page)} ${await focusedName(page)}`);
    }
    // The tab list sits above the dare's details and buttons on screen.
    expect(stops).toContain('tab Active');
    expect(stops.indexOf('tab Active')).toBeLessThan(stops.indexOf('button Pledge'));
  });

  it('Tab leaves the amounts of the pledge dialog before one is chosen (item 32)', async () => {
    const page = await signedIn(backer, `/?dare=${proving.id}`);
    await currentSlide(page).getByText(proving.title).first().waitFor();
    await tabTo(page, /^Pledge$/);
    await page.keyboard.press('Enter');
    await dialogOpen(page, 'Pledge to this Dare');
    await tabTo(page, /^\$5$/);
    await page.keyboard.press('Tab');
    // Continue to Payment is still disabled: the focus wraps round to Close.
    expect(await focusedName(page)).toBe('Close');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('$5');
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toBe('$10');
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('Continue to Payment');
  });

  it('a focused control scrolls clear of the bottom navigation (item 30)', async () => {
    const page = await signedIn(taker, '/profile');
    await page.getByRole('link', { name: 'Submit Proof' }).first().waitFor();
    await tabTo(page, /^Submit Proof$/);
    const { control, nav } = await page.evaluate(() => ({
      control: document.activeElement!.getBoundingClientRect().toJSON() as DOMRect,
      nav: document.querySelector('[data-bottom-nav]')!.getBoundingClientRect().toJSON() as DOMRect,
    }));
    expect(control.bottom).toBeLessThanOrEqual(nav.top);
    await harness.screenshot(page, 'a11y-submit-proof-focus');
  });
});

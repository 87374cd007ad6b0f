import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  animationsDone,
  daresOf,
  fillCard,
  fillDareForm,
  openCreateDialog,
} from './create-dare-helpers';
import { currentSlide, logIn, toastText } from './feed-helpers';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';

let harness: Harness;

beforeAll(async () => {
  // The demo dares fill the feed, so the new dare has to be brought to the front.
  harness = await startHarness({ fakeMedia: true, seedDemo: true });
});

afterAll(async () => {
  await harness?.stop();
});

const FUNDING_REQUIRED = 'Complete your $5 payment to make your public dare live.';

/** A logged-in creator with the public challenge's form filled in, not yet submitted. */
async function publicDareForm(prefix: string, title: string) {
  const user = uniqueUser(prefix);
  const account = await registerViaApi(harness.baseUrl, user);
  const page = await harness.newPage();
  // Profile first, so Back from the feed would have another page to go to.
  await logIn(page, user, '/profile');
  await page.getByRole('link', { name: 'Feed' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  const form = await openCreateDialog(page);
  await form.getByRole('tab', { name: 'Dare Someone Else' }).click();
  await form.getByLabel('Who are you daring?').selectOption('public');
  await fillDareForm(form, {
    title,
    description: 'Anyone brave enough: eat a whole ghost pepper on camera.',
    target: '40',
    duration: '7',
  });
  return { page, form, account };
}

/** Submits the form; the funding sheet opens instead of a dare being created. */
async function openFunding(page: Page) {
  const form = page.getByRole('dialog', { name: 'Create a New Dare' });
  await form.getByRole('button', { name: 'Create Dare' }).click();
  const funding = page.getByRole('dialog', { name: 'Pledge to this Dare' });
  await funding.getByRole('button', { name: 'Fund $5 to Go Live' }).waitFor();
  await animationsDone(funding);
  return funding;
}

/** Whether leaving the page would ask first (a beforeunload handler cancels the event). */
const leavingIsBlocked = (page: Page) =>
  page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

describe('public dare funding', () => {
  it('cannot be skipped, funds $5 by card and goes live in the feed', async () => {
    const title = 'Ghost pepper, no milk';
    const { page, form, account } = await publicDareForm('public', title);

    const funding = await openFunding(page);
    await funding.getByText('Public dares must be funded with at least $5 to go live.').waitFor();
    await funding.getByText('Public dares cannot appear in the feed until funded.').waitFor();
    await funding.getByText(title, { exact: true }).waitFor();
    await funding.getByText('$0 pledged of $40 goal').waitFor();
    await funding.getByText('from 0 people').waitFor();
    await funding.getByText('7 days remaining').waitFor();
    // Focus starts on the chosen amount, so the arrow keys change it at once.
    const chosen = funding.getByRole('radio', { name: '$5', exact: true });
    expect(await chosen.isChecked()).toBe(true);
    expect(await chosen.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await funding.getByRole('button', { name: 'Skip for Now' }).count()).toBe(0);
    await harness.screenshot(page, 'public-dare-1-funding');

    // No close button that would do nothing; Escape and a tap outside keep the sheet and say why.
    expect(await funding.getByRole('button', { name: 'Close' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await toastText(page, FUNDING_REQUIRED).waitFor();
    await toastText(page, 'Funding Required').waitFor();
    await page.mouse.click(195, 20);
    expect(await funding.isVisible()).toBe(true);
    await harness.screenshot(page, 'public-dare-2-funding-required');

    // Back is refused with the warning before any card is entered: the feed stays underneath.
    expect(await leavingIsBlocked(page)).toBe(true);
    await page.evaluate(() => history.back());
    await toastText(page, FUNDING_REQUIRED).waitFor();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/');
    // (The sheet hides the page from the accessibility tree, hence includeHidden.)
    expect(await page.getByRole('heading', { name: 'Feed', includeHidden: true }).count()).toBe(1);
    expect(await funding.isVisible()).toBe(true);

    // A custom amount below $5 never counts; Back returns to the form with nothing created.
    await funding.getByText('Custom', { exact: true }).click();
    await funding.getByLabel('Custom amount').fill('4');
    expect(await funding.getByRole('button', { name: 'Fund to Go Live' }).isDisabled()).toBe(true);
    await funding.getByText('$5', { exact: true }).click();
    await funding.getByRole('button', { name: 'Back' }).click();
    await funding.waitFor({ state: 'detached' });
    expect(await form.getByLabel('Title').inputValue()).toBe(title);
    expect(await daresOf(harness.baseUrl, account.id)).toHaveLength(0);

    const again = await openFunding(page);
    await again.getByRole('button', { name: 'Fund $5 to Go Live' }).click();
    const payment = page.getByRole('dialog', { name: 'Complete Your Payment' });
    await payment.getByText('Funding amount').waitFor();
    // The new step takes the focus (the button that opened it is gone): the amount is read first.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Funding amount$5');
    await payment
      .getByText(
        'Your payment will be authorized but not charged until the dare is successfully completed.',
      )
      .waitFor();

    // A declined card: 'Funding failed' (spec section 8), the form stays for another card.
    await fillCard(payment, '4000000000000002');
    await payment.getByRole('button', { name: 'Authorize $5' }).click();
    await toastText(page, 'Funding failed').waitFor();
    await payment.getByText('Your card was declined.').waitFor();
    await harness.screenshot(page, 'public-dare-3-declined');

    // The intent exists without its dare: leaving and Back are refused.
    expect(await leavingIsBlocked(page)).toBe(true);
    const url = page.url();
    await page.evaluate(() => history.back());
    await toastText(page, FUNDING_REQUIRED).waitFor();
    expect(page.url()).toBe(url);
    expect(await payment.isVisible()).toBe(true);

    await payment.getByLabel('Card number').fill('4242 4242 4242 4242');
    await harness.screenshot(page, 'public-dare-4-payment');
    await payment.getByRole('button', { name: 'Authorize $5' }).click();
    await toastText(page, 'Your public dare is now live and visible in the feed!').waitFor();
    await page.waitForURL((next) => next.pathname === '/');
    await payment.waitFor({ state: 'detached' });
    expect(await leavingIsBlocked(page)).toBe(false);

    // Live: active, with the creator's $5 as its first pledge; the feed opens on it.
    const [dare] = await daresOf(harness.baseUrl, account.id);
    expect(dare).toMatchObject({
      title,
      status: 'active',
      isPublicChallenge: true,
      recipientType: 'public',
      currentAmount: 5,
      targetAmount: 40,
      pledgeCount: 1,
    });
    await currentSlide(page).getByText(title).first().waitFor({ timeout: 5000 });
    expect(await currentSlide(page).getAttribute('data-dare-id')).toBe(String(dare?.id));
    await harness.screenshot(page, 'public-dare-5-live-in-feed');
  });

  it('keeps the form when the dare is refused after the card was authorized', async () => {
    const title = 'Refused after payment';
    const { page, form, account } = await publicDareForm('refused', title);
    // The server refuses this dare (a title too short) only after the card is authorized.
    await page.route('**/api/dares', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const body = { ...route.request().postDataJSON(), title: 'x' };
      await route.continue({ postData: JSON.stringify(body) });
    });

    const funding = await openFunding(page);
    await funding.getByText('$10', { exact: true }).click();
    await funding.getByRole('button', { name: 'Fund $10 to Go Live' }).click();
    const payment = page.getByRole('dialog', { name: 'Complete Your Payment' });
    await fillCard(payment, '4242424242424242');
    await payment.getByRole('button', { name: 'Authorize $10' }).click();

    await toastText(
      page,
      'Payment succeeded but dare creation failed. Please contact support. Your card was not charged.',
    ).waitFor();
    await payment.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await form.getByLabel('Title').inputValue()).toBe(title);
    expect(await leavingIsBlocked(page)).toBe(false);
    expect(await daresOf(harness.baseUrl, account.id)).toHaveLength(0);
    await harness.screenshot(page, 'public-dare-6-refused');
  });
});

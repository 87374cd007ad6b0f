import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  animationsDone,
  daresOf,
  fillCard,
  fillDareForm,
  openCreateDialog,
} from './create-dare-helpers';
import { logIn, toastText } from './feed-helpers';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ fakeMedia: true });
});

afterAll(async () => {
  await harness?.stop();
});

/** A logged-in creator submits a self dare; the creator's pledge dialog opens over the form. */
async function createSelfDare(prefix: string, title: string, rating?: 'PG') {
  const user = uniqueUser(prefix);
  const account = await registerViaApi(harness.baseUrl, user);
  const page = await harness.newPage();
  await logIn(page, user);
  const form = await openCreateDialog(page);
  await fillDareForm(form, {
    title,
    description: 'One hundred push-ups a day, every day, on camera.',
    target: '25',
    duration: '3',
    rating,
  });
  await form.getByRole('button', { name: 'Create Dare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pledge to this Dare' });
  await dialog.getByText(title, { exact: true }).waitFor();
  await animationsDone(dialog);
  return { page, dialog, account };
}

const amountChip = (scope: ReturnType<Page['getByRole']>, label: string) =>
  scope.getByText(label, { exact: true });

describe("the creator's pledge after creating a dare", () => {
  it('pledges $10 by card and lands on the profile', async () => {
    const title = 'Push-ups for a week';
    const { page, dialog, account } = await createSelfDare('pledge', title);

    await dialog.getByText('$0 pledged of $25 goal').waitFor();
    await dialog.getByText('from 0 people').waitFor();
    await dialog.getByText('3 days remaining').waitFor();
    await dialog.getByText('You can fund your dare later from your profile page.').waitFor();
    await dialog.getByRole('button', { name: 'Skip for Now' }).waitFor();
    // The dare exists already, waiting for funding.
    const [created] = await daresOf(harness.baseUrl, account.id);
    expect(created).toMatchObject({ title, status: 'pending', currentAmount: 0 });
    await harness.screenshot(page, 'creator-pledge-1-dialog');

    // A custom amount counts only from $5 up.
    await amountChip(dialog, 'Custom').click();
    await dialog.getByLabel('Custom amount').fill('4');
    expect(await dialog.getByRole('button', { name: 'Pledge', exact: true }).isDisabled()).toBe(
      true,
    );
    await dialog.getByLabel('Custom amount').fill('7.5');
    await dialog.getByRole('button', { name: 'Pledge $7.50' }).waitFor();
    await harness.screenshot(page, 'creator-pledge-2-custom');

    // To the card and back: nothing is charged, the amount can still change.
    await amountChip(dialog, '$20').click();
    await dialog.getByRole('button', { name: 'Pledge $20' }).click();
    const payment = page.getByRole('dialog', { name: 'Complete Your Payment' });
    await payment.getByRole('button', { name: 'Authorize $20' }).waitFor();
    await payment.getByRole('button', { name: 'Back' }).click();
    await amountChip(dialog, '$10').click();
    await dialog.getByRole('button', { name: 'Pledge $10' }).click();

    await payment.getByText('Pledge amount').waitFor();
    await fillCard(payment, '4242424242424242');
    await animationsDone(payment);
    await harness.screenshot(page, 'creator-pledge-3-payment');
    await payment.getByRole('button', { name: 'Authorize $10' }).click();

    await toastText(page, 'Dare Created Successfully!').waitFor();
    await toastText(page, 'Your dare is now live with $10 funding.').waitFor();
    await page.waitForURL((url) => url.pathname === '/profile');
    await payment.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await harness.screenshot(page, 'creator-pledge-4-profile');

    const [funded] = await daresOf(harness.baseUrl, account.id);
    expect(funded).toMatchObject({ id: created?.id, currentAmount: 10, pledgeCount: 1 });
  });

  it('skips for now: the dare waits on the profile, unfunded', async () => {
    const title = 'Skip the funding';
    const { page, dialog, account } = await createSelfDare('skip', title);

    await dialog.getByRole('button', { name: 'Skip for Now' }).click();
    await toastText(page, 'Dare Created').waitFor();
    await toastText(page, 'You can fund your dare later from your profile page.').waitFor();
    await page.waitForURL((url) => url.pathname === '/profile');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await harness.screenshot(page, 'creator-pledge-5-skipped');

    const [dare] = await daresOf(harness.baseUrl, account.id);
    expect(dare).toMatchObject({ title, status: 'pending', currentAmount: 0, pledgeCount: 0 });
  });

  // Issue 19 item 21: the spec's dialog has Back beside 'Pledge $N' and 'Skip for Now'.
  it('goes Back to the screen the dare was created from; the dare waits, unfunded', async () => {
    const title = 'Back from the pledge';
    const { page, dialog, account } = await createSelfDare('back', title);
    const buttons = await dialog.getByRole('button').allInnerTexts();
    expect(buttons).toEqual(expect.arrayContaining(['Back', 'Pledge $5', 'Skip for Now']));
    await harness.screenshot(page, 'creator-pledge-6-back-offered');

    await dialog.getByRole('button', { name: 'Back' }).click();
    await toastText(page, 'Dare Created').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('dialog', { name: 'Create a New Dare' }).waitFor({ state: 'detached' });
    // Still on the feed, where the create button was tapped; nothing was pledged.
    expect(new URL(page.url()).pathname).toBe('/');
    await harness.screenshot(page, 'creator-pledge-7-back');
    const [dare] = await daresOf(harness.baseUrl, account.id);
    expect(dare).toMatchObject({ title, status: 'pending', currentAmount: 0, pledgeCount: 0 });
  });

  // Issue 19 item 21: the create form offered G, PG-13 and R, without PG (DESIGN.md section 3).
  it('offers the four content ratings and creates a PG dare', async () => {
    const user = uniqueUser('rating');
    await registerViaApi(harness.baseUrl, user);
    const page = await harness.newPage();
    await logIn(page, user);
    const form = await openCreateDialog(page);
    const ratings = form.getByRole('group', { name: 'Content rating' }).getByRole('radio');
    const values = await ratings.evaluateAll((inputs) =>
      inputs.map((input) => (input as HTMLInputElement).value),
    );
    expect(values).toEqual(['G', 'PG', 'PG-13', 'R']);
    await form.getByRole('group', { name: 'Content rating' }).scrollIntoViewIfNeeded();
    await harness.screenshot(page, 'creator-pledge-8-ratings');
    await page.close();

    const { page: creating, account } = await createSelfDare('rating-pg', 'Rated PG', 'PG');
    await harness.screenshot(creating, 'creator-pledge-9-rated-pg');
    const [dare] = await daresOf(harness.baseUrl, account.id);
    expect(dare).toMatchObject({ title: 'Rated PG', contentRating: 'PG' });
  });
});

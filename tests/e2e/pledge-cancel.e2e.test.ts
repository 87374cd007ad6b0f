import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDollars } from '@/web/features/dares/utils/format-dare';
import { logIn, toastRegion } from './feed-helpers';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';
import { dareSummary, openDares, pledgeFromPage } from './pledge-helpers';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ seedDemo: true });
});

afterAll(async () => {
  await harness?.stop();
});

/**
 * The toast is read as text: on Postgres the answer comes while the confirmation dialog is
 * still closing, and a visibility wait on the toast then missed it although it showed.
 */
const RELEASED = 'The hold on your card was released.';

describe('cancelling a pledge', () => {
  it('a pledger cancels from the dare detail and sees the total drop', async () => {
    const user = uniqueUser('cancel');
    await registerViaApi(harness.baseUrl, user);
    const page = await harness.newPage();
    await logIn(page, user, '/');
    const dare = (await openDares(harness.baseUrl, 1))[0]!;
    await pledgeFromPage(page, dare.id, 20);
    const pledged = await dareSummary(harness.baseUrl, dare.id);
    expect(pledged.currentAmount).toBe(dare.currentAmount + 20);

    await page.goto(`/dares/${dare.id}`);
    const funding = page.getByRole('region', { name: 'Funding' });
    await funding.getByText(formatDollars(pledged.currentAmount), { exact: true }).waitFor();
    const mine = page.getByRole('region', { name: 'Your pledge' });
    await mine.getByText('$20').waitFor();
    await harness.screenshot(page, 'pledge-cancel-1-detail');

    await mine.getByRole('button', { name: 'Cancel pledge' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Cancel your pledge?' });
    await dialog
      .getByText('The $20 hold on your card is released and no longer counts toward this dare.')
      .waitFor();
    await harness.screenshot(page, 'pledge-cancel-2-confirm');
    await dialog.getByRole('button', { name: 'Cancel pledge' }).click();

    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's rendered text, as seen
    await expect.poll(() => toastRegion(page).innerText()).toContain(RELEASED);
    await funding.getByText(formatDollars(dare.currentAmount), { exact: true }).waitFor();
    await mine.waitFor({ state: 'detached' });
    await harness.screenshot(page, 'pledge-cancel-3-done');
    expect(await dareSummary(harness.baseUrl, dare.id)).toMatchObject({
      currentAmount: dare.currentAmount,
      pledgeCount: pledged.pledgeCount - 1,
    });

    // The Pledged tab says it in words, and offers nothing more to cancel.
    await page.goto('/profile');
    await page.getByRole('tab', { name: /Pledged/ }).click();
    const list = page.getByRole('list', { name: /pledged/i });
    await list.getByText('$20 · Released').waitFor();
    expect(await list.getByRole('button', { name: 'Cancel pledge' }).count()).toBe(0);
    await harness.screenshot(page, 'pledge-cancel-4-pledged-tab');

    // Pledge again, and cancel from the Pledged tab's card this time.
    await pledgeFromPage(page, dare.id, 10);
    await page.reload();
    await page.getByRole('tab', { name: /Pledged/ }).click();
    await list.getByText('$10 · Authorized').waitFor();
    await harness.screenshot(page, 'pledge-cancel-5-pledged-card');
    await list.getByRole('button', { name: 'Cancel pledge' }).click();
    await page
      .getByRole('alertdialog', { name: 'Cancel your pledge?' })
      .getByRole('button', { name: 'Cancel pledge' })
      .click();
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's rendered text, as seen
    await expect.poll(() => toastRegion(page).innerText()).toContain(RELEASED);
    await list.getByText('$30 · Released').waitFor();
    expect((await dareSummary(harness.baseUrl, dare.id)).currentAmount).toBe(dare.currentAmount);
  });
});

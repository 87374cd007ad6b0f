import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DARE_MESSAGES } from '@/contracts/dare-values';
import { acceptAgreements, fillDareDetails, openCreateDialog } from './create-dare-helpers';
import { newcomerPage } from './feed-helpers';
import { type Harness, startHarness } from './harness';

/**
 * Issue 21 item 6 in the browser: a dare the danger list refuses says so on the form, under
 * its title, and nothing is created; changing the words lets it through.
 */
let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

describe('a dangerous dare', () => {
  it('is refused on the form with the warning, under the title, keeping what was typed', async () => {
    const page = await newcomerPage(harness, 'danger');
    const created: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/dares')
        created.push(request.url());
    });
    const dialog = await openCreateDialog(page);
    await dialog.getByRole('tab', { name: 'Dare Someone Else' }).click();
    await dialog.getByLabel('Who are you daring?').selectOption('email');
    await dialog.getByLabel('Their email').fill('friend@example.com');
    await fillDareDetails(dialog, {
      title: 'Jump off the roof',
      description: 'From the third floor, on camera, no mat.',
      target: '40',
      duration: '7',
    });
    await acceptAgreements(dialog);
    await dialog.getByRole('button', { name: 'Create Dare' }).click();

    const title = dialog.getByLabel('Title');
    await expect.poll(() => title.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await title.getAttribute('aria-describedby')) ?? '';
    const errorText = await page.locator(`[id="${describedBy.split(' ')[0]}"]`).textContent();
    expect(errorText).toBe(DARE_MESSAGES.dangerous);
    expect(await title.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dialog.getByLabel('Description').inputValue()).toBe(
      'From the third floor, on camera, no mat.',
    );
    await harness.screenshot(page, 'dangerous-dare-refused');
    expect(created).toEqual([]);
  });
});

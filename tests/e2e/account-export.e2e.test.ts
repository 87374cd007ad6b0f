import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportSchema } from '@/contracts/account-export';
import { ACCOUNT_EXPORTS_PER_HOUR } from '@/contracts/limits';
import { logIn } from './feed-helpers';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';

/** Issue 20 item 5: "Download my data" on the Security screen saves the account's JSON file. */
let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.stop();
});

describe('Export my data', () => {
  it('downloads a JSON file with the account in it, and says when the hourly limit is reached', async () => {
    const user = { ...uniqueUser('export'), displayName: 'Exa Porter' };
    const { username } = await registerViaApi(harness.baseUrl, user);
    const page = await harness.newPage();
    await logIn(page, user, '/profile');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Security' }).click();
    const section = page.getByRole('region', { name: 'Export my data' });
    const button = section.getByRole('button', { name: 'Download my data' });
    await button.scrollIntoViewIfNeeded();
    await harness.screenshot(page, 'account-export-1-section');

    const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
    const day = new Date().toISOString().slice(0, 10);
    expect(download.suggestedFilename()).toBe(`darefund-export-${username}-${day}.json`);
    const file = accountExportSchema.parse(
      JSON.parse(await readFile(await download.path(), 'utf8')),
    );
    expect(file.profile).toMatchObject({ email: user.email, displayName: 'Exa Porter' });
    expect(file.sessions.filter((session) => session.current)).toHaveLength(1);
    await section
      .getByRole('status')
      .filter({ hasText: `Saved ${download.suggestedFilename()}` })
      .waitFor();
    await harness.screenshot(page, 'account-export-2-saved');

    // The rest of the hour's budget, then the refusal in words.
    for (let i = 1; i < ACCOUNT_EXPORTS_PER_HOUR; i++) {
      await Promise.all([page.waitForEvent('download'), button.click()]);
    }
    await button.click();
    const alert = section.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(
      /^Too many requests\. Please try again in \d+ minutes\.$/,
    );
    expect(await button.isEnabled()).toBe(true);
    await harness.screenshot(page, 'account-export-3-limit');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDollars } from '@/web/features/dares/utils/format-dare';
import { animationsDone } from './create-dare-helpers';
import { currentSlide, logIn, toastRegion, toastText } from './feed-helpers';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';
import { dareSummary, openDares, pledgeFromPage } from './pledge-helpers';

/**
 * Issue 20 item 4 in Chromium: someone with live pledges on two dares deletes their account
 * from Settings > Security > Delete account. A wrong password is refused on its field; the
 * right one signs them out onto the feed with a notice, and both dares' totals are back down.
 */
let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ seedDemo: true });
});
afterAll(async () => {
  await harness?.stop();
});

describe('deleting an account', () => {
  it('with live pledges: the pledges are gone from the dares', async () => {
    const user = uniqueUser('leaving');
    await registerViaApi(harness.baseUrl, user);
    const page = await harness.newPage();
    await logIn(page, user, '/');
    const dares = await openDares(harness.baseUrl, 2);
    const before = await Promise.all(dares.map((dare) => dareSummary(harness.baseUrl, dare.id)));
    await pledgeFromPage(page, dares[0]!.id, 20, 'Dee Leaving');
    await pledgeFromPage(page, dares[1]!.id, 15, 'Dee Leaving');
    expect((await dareSummary(harness.baseUrl, dares[0]!.id)).currentAmount).toBe(
      before[0]!.currentAmount + 20,
    );
    expect((await dareSummary(harness.baseUrl, dares[1]!.id)).currentAmount).toBe(
      before[1]!.currentAmount + 15,
    );

    // The way there: the profile's menu, Security, Delete account.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Profile menu' }).click();
    await page.getByRole('menuitem', { name: 'Security' }).click();
    await page.getByRole('link', { name: 'Delete account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Delete account' }).waitFor();
    await page.getByText('Your pledges are cancelled').waitFor();
    await harness.screenshot(page, 'account-deletion-1-screen');

    const form = page.getByRole('form', { name: 'Delete account' });
    const password = form.getByLabel('Password', { exact: true });
    await password.fill('not-my-password');
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await form.getByText('Password is incorrect').waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await harness.screenshot(page, 'account-deletion-2-wrong-password');

    // By keyboard: the password, then Enter submits the form.
    await password.fill(user.password);
    await password.press('Enter');
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's rendered text, as seen
    await expect.poll(() => toastRegion(page).innerText()).toContain('Your account was deleted.');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await currentSlide(page).waitFor();
    await toastText(page, 'Your account was deleted.').first().waitFor();
    await animationsDone(page.locator('body'));
    await harness.screenshot(page, 'account-deletion-3-deleted');

    // The pledges are gone from both dares, on the API and on the dare's page.
    for (const [i, dare] of dares.entries()) {
      expect(await dareSummary(harness.baseUrl, dare.id)).toMatchObject({
        currentAmount: before[i]!.currentAmount,
        pledgeCount: before[i]!.pledgeCount,
      });
    }
    await page.goto(`/dares/${dares[0]!.id}`);
    const funding = page.getByRole('region', { name: 'Funding' });
    await funding.getByText(formatDollars(before[0]!.currentAmount), { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Your pledge' }).count()).toBe(0);

    // Signed out for good: the old password no longer opens anything.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    const login = await fetch(`${harness.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(login.status).toBe(401);
  });
});

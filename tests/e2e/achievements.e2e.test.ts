import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsDone, fillDareForm } from './create-dare-helpers';
import { logIn, toastRegion, toastText } from './feed-helpers';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ fakeMedia: true });
});

afterAll(async () => {
  await harness?.stop();
});

describe('achievements', () => {
  it('shows the catalogue and a log-in prompt to a visitor', async () => {
    const page = await harness.newPage();
    await page.goto('/achievements');
    await page.getByRole('heading', { name: 'Log in to track your achievements' }).waitFor();
    await page.getByRole('article', { name: 'First Dare' }).getByText('0 / 1').waitFor();
    expect(await page.getByRole('heading', { name: 'Start Your Journey!' }).count()).toBe(0);
  });

  it('a first dare shows Achievement Unlocked! and the dashboard then has it unlocked', async () => {
    const user = uniqueUser('achiever');
    const account = await registerViaApi(harness.baseUrl, user);
    const page = await harness.newPage();
    await logIn(page, user, '/achievements');

    await page.getByRole('heading', { name: 'Achievement Dashboard', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Start Your Journey!' }).waitFor();
    await page.getByText('Create your first dare to begin unlocking achievements.').waitFor();
    const dareMaker = page.getByRole('article', { name: 'Dare Maker' });
    expect(await dareMaker.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('0 / 5');
    await harness.screenshot(page, 'achievements-start');

    await page.getByRole('tab', { name: 'Financial' }).click();
    await page.getByRole('tab', { name: 'Financial', selected: true }).waitFor();
    await page.waitForTimeout(300); // the tab's colour transition, for the screenshot
    const generous = page.getByRole('article', { name: 'Generous Backer' });
    await generous.getByText('$0 / $100').waitFor();
    await expect(page.getByRole('article', { name: 'First Dare' }).count()).resolves.toBe(0);
    await harness.screenshot(page, 'achievements-financial');

    // Straight from the empty state into the create flow.
    await page.getByRole('link', { name: 'Create a Dare' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create a New Dare' });
    await dialog
      .getByText('Create a challenge for others to fund and watch you complete')
      .waitFor();
    await animationsDone(dialog);
    await fillDareForm(dialog, {
      title: 'Cold shower every morning',
      description: 'Seven days of ice-cold showers, filmed every single morning.',
      target: '25',
      duration: '7',
    });
    await dialog.getByRole('button', { name: 'Create Dare' }).click();
    await page
      .getByRole('dialog', { name: 'Pledge to this Dare' })
      .getByRole('button', { name: 'Skip for Now' })
      .click();
    await toastText(page, 'Dare Created').waitFor();
    await page.waitForURL((url) => url.pathname === '/profile');

    // After 'Dare Created' has had its turn, the unlock gets its own.
    await toastText(page, 'Achievement Unlocked!').waitFor({ timeout: 20_000 });
    await toastRegion(page)
      .getByText(/First Dare/)
      .first()
      .waitFor();
    await harness.screenshot(page, 'achievements-unlocked-toast');

    // The profile's points lead to the dashboard, which shows the unlock.
    await page.getByRole('link', { name: /10\s*Points/ }).click();
    await page.waitForURL((url) => url.pathname === '/achievements');
    const firstDare = page.getByRole('article', { name: 'First Dare' });
    await firstDare.getByText('Achievement Unlocked!').waitFor();
    expect(await firstDare.getAttribute('data-unlocked')).toBe('true');
    expect(await dareMaker.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('1 / 5');
    const tiles = page.locator('dl');
    await tiles.getByText('Total Points').waitFor();
    expect(await tiles.locator('dd').first().textContent()).toBe('10');
    expect(await page.getByRole('heading', { name: 'Start Your Journey!' }).count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await harness.screenshot(page, 'achievements-dashboard');

    // The unlock is also in the notifications, and is not toasted again on a reload.
    await page.reload();
    await firstDare.getByText('Achievement Unlocked!').waitFor();
    await page.waitForTimeout(1500);
    expect(await toastText(page, 'Achievement Unlocked!').count()).toBe(0);

    // Trending's Leaders tab: nobody was paid out yet; the new points lead this week's board.
    await page.goto('/trending');
    await page.getByRole('tab', { name: 'Leaders' }).click();
    await page.getByRole('heading', { name: 'Nobody on this board yet' }).waitFor();
    await page.getByRole('button', { name: 'Top Points' }).click();
    const points = page.getByRole('list', { name: 'Top Points, This Week' });
    const mine = points.getByRole('link', { name: new RegExp(account.username) });
    await mine.getByText('10 pts').waitFor();
    expect(await mine.getByText('1', { exact: true }).count()).toBe(1);
    await harness.screenshot(page, 'leaderboard-points-week');
  });
});

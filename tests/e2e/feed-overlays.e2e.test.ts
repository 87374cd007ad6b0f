import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsDone } from './create-dare-helpers';
import { currentSlide, logIn, toastText } from './feed-helpers';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';
import { controlsUnderToast, feedPlays, playingFeedVideos } from './layout-helpers';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ seedDemo: true, fakeMedia: true });
});

afterAll(async () => {
  await harness?.stop();
});

async function newUser(prefix: string, to = '/'): Promise<Page> {
  const user = uniqueUser(prefix);
  await registerViaApi(harness.baseUrl, user);
  const page = await harness.newPage({ permissions: ['clipboard-read', 'clipboard-write'] });
  await logIn(page, user, to);
  return page;
}

/** The feed stays silent while `dialog` is open (checked again after a moment). */
async function expectFeedPausedBehind(page: Page, dialog: ReturnType<Page['getByRole']>) {
  await dialog.waitFor();
  await animationsDone(dialog);
  await page.waitForTimeout(500);
  expect(await playingFeedVideos(page)).toBe(0);
}

describe('feed video behind dialogs', () => {
  it('pauses behind the pledge and payment dialogs and plays on after them', async () => {
    const page = await newUser('pause-pledge');
    await feedPlays(page);

    await currentSlide(page)
      .getByRole('button', { name: /^(Pledge|Fund)$/ })
      .click();
    const pledge = page.getByRole('dialog', { name: 'Pledge to this Dare' });
    await expectFeedPausedBehind(page, pledge);
    await pledge.getByText('$10', { exact: true }).click();
    await pledge.getByRole('button', { name: 'Continue to Payment' }).click();
    const payment = page.getByRole('dialog', { name: 'Complete Your Payment' });
    await expectFeedPausedBehind(page, payment);
    await harness.screenshot(page, 'overlays-1-payment');

    await page.keyboard.press('Escape');
    await payment.waitFor({ state: 'detached' });
    await feedPlays(page);
    expect(await playingFeedVideos(page)).toBe(1);
  });

  it('pauses while the create dialog records a pitch', async () => {
    const page = await newUser('pause-create');
    await feedPlays(page);
    await page.getByRole('button', { name: 'Create a dare' }).click();
    const create = page.getByRole('dialog', { name: 'Create a New Dare' });
    await expectFeedPausedBehind(page, create);
    await create.getByRole('button', { name: 'Turn on camera' }).click();
    await create.getByRole('button', { name: 'Start recording' }).click();
    await page.waitForTimeout(1000);
    expect(await playingFeedVideos(page)).toBe(0);
    await create.getByRole('button', { name: 'Stop recording' }).click();
    await create.getByLabel('Pitch video preview').waitFor();
    expect(await playingFeedVideos(page)).toBe(0);

    await create.getByRole('button', { name: 'Close' }).click();
    await create.waitFor({ state: 'detached' });
    await feedPlays(page);
  });

  it('pauses behind the vote dialog, where only the proof plays', async () => {
    const page = await harness.newPage();
    await logIn(page, { email: 'maya', password: 'demo1234' }, '/?tab=votes');
    // Maya pledged to both demo dares under vote (100 Push-ups, Charity 10K Run).
    await currentSlide(page)
      .getByText(/100 Push-ups|Charity 10K Run/)
      .first()
      .waitFor();
    await feedPlays(page);
    await currentSlide(page).getByRole('button', { name: 'Fund Dare' }).click();
    const vote = page.getByRole('dialog', { name: 'Verify Dare Completion' });
    await expectFeedPausedBehind(page, vote);
    // The proof plays once: in the dialog's own player.
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[role="dialog"] video')].some(
        (v) => !(v as HTMLVideoElement).paused,
      ),
    );
    expect(
      await page.$$eval('video', (videos) => videos.filter((video) => !video.paused).length),
    ).toBe(1);
    await harness.screenshot(page, 'overlays-2-vote');

    await page.keyboard.press('Escape');
    await vote.waitFor({ state: 'detached' });
    await feedPlays(page);
  });

  it('pauses behind the comments sheet too', async () => {
    const page = await harness.newPage();
    await page.goto('/');
    await feedPlays(page);
    await currentSlide(page)
      .getByRole('button', { name: /^Comments/ })
      .click();
    await expectFeedPausedBehind(page, page.getByRole('dialog').first());
    await page.keyboard.press('Escape');
    await feedPlays(page);
  });
});

describe('toasts', () => {
  it('cover none of the feed controls', async () => {
    const page = await newUser('toast-feed');
    await currentSlide(page).waitFor();
    await currentSlide(page).getByRole('button', { name: 'Share' }).click();
    await toastText(page, 'Link copied').waitFor();
    const covered = await controlsUnderToast(page);
    await harness.screenshot(page, 'toast-1-feed');
    expect(covered).toEqual([]);
  });

  it('cover none of the fund page controls', async () => {
    const response = await fetch(`${harness.baseUrl}/api/dares?limit=50`);
    const { items } = (await response.json()) as { items: Array<{ id: number; status: string }> };
    const dare = items.find((item) => item.status === 'active');
    const page = await newUser('toast-fund', `/fund/${dare?.id}`);
    await page.getByText('Custom', { exact: true }).click();
    await page.getByLabel('Custom amount').fill('0');
    await page.getByRole('button', { name: 'Continue to Payment' }).click();
    await toastText(page, 'Invalid amount').waitFor();
    const covered = await controlsUnderToast(page);
    await harness.screenshot(page, 'toast-2-fund');
    expect(covered).toEqual([]);
  });
});

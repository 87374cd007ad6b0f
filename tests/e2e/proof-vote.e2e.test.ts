import { copyFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animationsDone } from './create-dare-helpers';
import { currentSlide, logIn, toastText } from './feed-helpers';
import { type Harness, screenshotDir, startHarness } from './harness';
import { type ApiUser, apiUser, call, DEMO_VIDEO, pledge, selfDare } from './proof-helpers';

let harness: Harness;
let taker: ApiUser;
let pledgers: ApiUser[];
let dare: { id: number; title: string };

async function shot(page: Page, name: string) {
  await harness.screenshot(page, `proof-${name}`);
  await copyFile(join(screenshotDir, `proof-${name}.png`), `/tmp/proofui-shots/${name}.png`).catch(
    () => undefined,
  );
}

beforeAll(async () => {
  harness = await startHarness({ fakeMedia: true });
  taker = await apiUser(harness.baseUrl, 'taker');
  dare = await selfDare(harness.baseUrl, taker, 'Fifty Burpees Live', 50);
  // Five pledgers of $10 fund the $50 target: the dare turns active.
  pledgers = [];
  for (let i = 0; i < 5; i++) {
    const user = await apiUser(harness.baseUrl, `pledger${i}`);
    await pledge(harness.baseUrl, user, dare.id, 10);
    pledgers.push(user);
  }
}, 120_000);

afterAll(async () => {
  await harness?.stop();
});

const dareStatus = async () =>
  (await (await fetch(`${harness.baseUrl}/api/dares/${dare.id}`)).json()) as { status: string };

describe('proof and vote', () => {
  it('the taker submits a proof through the dialog from the dare detail', async () => {
    expect((await dareStatus()).status).toBe('active');
    const page = await harness.newPage();
    // The profile's Dares tab offers it on the card, and the link opens the dialog.
    await logIn(page, taker, '/profile');
    await page.getByRole('link', { name: 'Submit Proof' }).click();
    await page.waitForURL(
      (url) => url.pathname === `/dares/${dare.id}` && url.search === '?proof=1',
    );
    const dialog = page.getByRole('dialog', { name: 'Submit Proof' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The detail's own button opens it again.
    await page.getByRole('button', { name: 'Submit Proof' }).click();
    await dialog.getByText('Maximum file size: 100MB').waitFor();
    await animationsDone(dialog);
    await shot(page, '1-select');

    // Not a video: refused with the spec's toast.
    const input = dialog.locator('input[type="file"]');
    await input.setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hi'),
    });
    await toastText(page, 'Invalid File').waitFor();
    await toastText(page, 'Please upload a video file.').waitFor();

    // A file: preview, five thumbnails, real upload progress; then discard and re-pick.
    await input.setInputFiles(DEMO_VIDEO);
    await dialog.getByRole('tab', { name: 'Video' }).waitFor();
    await dialog.getByText('Proof video uploaded').waitFor({ timeout: 30_000 });
    await dialog.getByRole('tab', { name: 'Thumbnail' }).click();
    const thumbnails = dialog.getByRole('radio', { name: /^Thumbnail \d of 5$/ });
    await thumbnails.first().waitFor({ state: 'attached', timeout: 15_000 });
    expect(await thumbnails.count()).toBe(5);
    await shot(page, '2-thumbnails');
    await dialog.getByRole('button', { name: 'Discard' }).click();
    await dialog.getByText('Maximum file size: 100MB').waitFor();

    // Recorded with the (fake) camera this time.
    await dialog.getByRole('button', { name: 'Record with camera' }).click();
    await dialog.getByRole('button', { name: 'Start recording' }).click();
    await page.waitForTimeout(2500);
    await dialog.getByRole('button', { name: 'Stop recording' }).click();
    await dialog.getByLabel('Proof video preview').waitFor();
    const submit = dialog.getByRole('button', { name: 'Submit Video' });
    await dialog.getByRole('tab', { name: 'Thumbnail' }).click();
    await thumbnails.nth(2).waitFor({ state: 'attached', timeout: 15_000 });
    // The frame itself is what a finger taps (the radio inside is visually hidden).
    const third = dialog.getByRole('radio', { name: 'Thumbnail 3 of 5' });
    await third.locator('..').click();
    expect(await third.isChecked()).toBe(true);
    await dialog.getByText('Proof video uploaded').waitFor({ timeout: 30_000 });
    expect(await submit.isEnabled()).toBe(true);
    await shot(page, '3-recorded');
    await submit.click();
    await toastText(page, 'Proof submitted').waitFor();
    await dialog.waitFor({ state: 'detached' });

    expect((await dareStatus()).status).toBe('verification');
    await page.getByRole('region', { name: 'Proof under vote' }).getByText('0 votes').waitFor();
    await page.getByRole('button', { name: 'Watch Proof' }).waitFor();
    expect(await page.getByRole('button', { name: 'Submit Proof' }).count()).toBe(0);
    await shot(page, '4-detail-verification');
    const [proof] = await call<Array<{ thumbnailUrl: string | null; videoUrl: string }>>(
      harness.baseUrl,
      taker,
      `/api/submissions?dareId=${dare.id}`,
    );
    expect(proof?.thumbnailUrl).toMatch(/^\/media\//);
    expect(proof?.videoUrl).toMatch(/^\/media\//);
  });

  it('a non-pledger is told they are not eligible to vote', async () => {
    const outsider = await apiUser(harness.baseUrl, 'outsider');
    const page = await harness.newPage();
    await logIn(page, outsider, `/dares/${dare.id}`);
    await page.getByRole('button', { name: 'Vote Now' }).click();
    await toastText(page, 'Not eligible to vote').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('a pledger approves from the feed, with the countdown, count and note shown', async () => {
    const page = await harness.newPage();
    await logIn(page, pledgers[0]!, '/?tab=votes');
    await currentSlide(page).getByRole('button', { name: 'Fund Dare' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify Dare Completion' });
    await dialog.getByText('until automatic approval').waitFor();
    await dialog.getByText(/^2[34]h \d+m$/).waitFor();
    await dialog.getByText('(minimum 5 needed)').waitFor();
    await dialog
      .getByText('Your vote is final and cannot be changed. Be fair in your assessment.')
      .waitFor();
    await dialog.getByRole('button', { name: 'How verification works' }).click();
    await dialog
      .getByRole('tooltip')
      .getByText('Verification requires a majority vote from all pledgers.')
      .waitFor();
    expect(await dialog.getByLabel('Volume').inputValue()).toBe('0.7');
    await animationsDone(dialog);
    await shot(page, '5-vote-dialog');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await dialog.getByRole('tab', { name: 'Review Video' }).waitFor();
    await dialog.getByText('Clear evidence of completion shown').click();
    await shot(page, '6-approve-tab');
    await dialog.getByRole('tabpanel').getByRole('button', { name: 'Approve' }).click();
    await toastText(page, 'Approved').waitFor();
    await toastText(page, "You've verified this dare as completed").waitFor();
    await dialog.getByText('You voted to approve').waitFor();
    await dialog.getByText('Waiting for the other pledgers to vote.').waitFor();
    await shot(page, '7-voted');
  });

  it('a pledger rejects in place on the detail: Reject waits for a reason', async () => {
    const page = await harness.newPage();
    await logIn(page, pledgers[1]!, `/dares/${dare.id}`);
    await page.getByRole('button', { name: 'Vote Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify Dare Completion' });
    expect(new URL(page.url()).pathname).toBe(`/dares/${dare.id}`);
    await dialog.getByText('1 vote', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Reject' }).click();
    const reject = dialog.getByRole('tabpanel').getByRole('button', { name: 'Reject' });
    expect(await reject.isDisabled()).toBe(true);
    await dialog.getByText('Dare rules were not followed').click();
    expect(await reject.isEnabled()).toBe(true);
    await dialog.getByLabel('Other reason').fill('The last reps are cut off');
    expect(
      await dialog.getByRole('radio', { name: 'Dare rules were not followed' }).isChecked(),
    ).toBe(false);
    await shot(page, '8-reject-tab');
    await reject.click();
    await toastText(page, 'Rejected').waitFor();
    await dialog.getByText('You voted to reject').waitFor();
  });

  it('two more approvals (3 of 5 pledgers) complete the dare; the detail shows the outcome', async () => {
    for (const voter of [pledgers[2]!, pledgers[3]!]) {
      const page = await harness.newPage();
      await logIn(page, voter, `/dares/${dare.id}?vote=1`);
      const dialog = page.getByRole('dialog', { name: 'Verify Dare Completion' });
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await dialog.getByRole('tabpanel').getByRole('button', { name: 'Approve' }).click();
      await toastText(page, 'Approved').waitFor();
      await page.close();
    }
    expect((await dareStatus()).status).toBe('completed');

    const page = await harness.newPage();
    await logIn(page, pledgers[4]!, `/dares/${dare.id}`);
    const outcome = page.getByRole('region', { name: 'Outcome' });
    await outcome.getByText('3 approvals · 1 rejection').waitFor();
    await outcome.getByText('$50', { exact: true }).waitFor();
    await outcome.scrollIntoViewIfNeeded();
    await shot(page, '9-completed-detail');
    await page.getByRole('button', { name: 'Watch Completion' }).click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[role="dialog"] video')].some(
        (v) => (v as HTMLVideoElement).readyState >= 2,
      ),
    );
    await shot(page, '10-watch-completion');
  });
});

import { afterAll, beforeAll, describe, it } from 'vitest';
import { fillCard } from './create-dare-helpers';
import { logIn, toastText } from './feed-helpers';
import { type Harness, startHarness } from './harness';
import { type ApiUser, apiUser, DEMO_VIDEO, pledge, selfDare } from './proof-helpers';

// Issue 19 item 24: where the spec's situation exists in the app, the spec's words show.
let harness: Harness;
let taker: ApiUser;
let dare: { id: number; title: string };

beforeAll(async () => {
  harness = await startHarness();
  taker = await apiUser(harness.baseUrl, 'texts-taker');
  // Funded to its $10 target: active, so its taker may send a proof.
  dare = await selfDare(harness.baseUrl, taker, 'Balance a Spoon', 10);
  await pledge(harness.baseUrl, await apiUser(harness.baseUrl, 'texts-backer'), dare.id, 10);
}, 120_000);

afterAll(async () => {
  await harness?.stop();
});

describe("the spec's texts", () => {
  it("'Video Error' when a video cannot be loaded", async () => {
    const page = await harness.newPage();
    await page.route(/\/media\/.*\.(mp4|webm)$/, (route) => route.abort());
    await page.goto(`/dares/${dare.id}`);
    await page.getByRole('button', { name: 'Watch Pitch' }).click();
    const player = page.getByRole('dialog', { name: `${dare.title}: pitch` });
    await player.getByText('Video Error', { exact: true }).waitFor();
    await player
      .getByText('Failed to load video. The URL may be invalid or inaccessible.')
      .waitFor();
    await harness.screenshot(page, 'texts-video-error');
  });

  it("'Failed to upload video' when a chosen proof video does not reach the server", async () => {
    const page = await harness.newPage();
    await logIn(page, taker, `/dares/${dare.id}?proof=1`);
    const dialog = page.getByRole('dialog', { name: 'Submit Proof' });
    await dialog.waitFor();
    await page.route(/\/api\/videos\/upload(\?|$)/, (route) => route.abort('connectionreset'));
    await dialog.locator('input[type="file"]').setInputFiles(DEMO_VIDEO);
    await toastText(page, 'Upload failed').waitFor();
    await toastText(page, 'Failed to upload video').waitFor();
  });

  it("'Payment Setup Error' when the payment cannot be set up", async () => {
    const backer = await apiUser(harness.baseUrl, 'texts-setup');
    const page = await harness.newPage();
    await logIn(page, backer, `/dares/${dare.id}`);
    await page.getByRole('button', { name: 'Pledge Now' }).click();
    await page.waitForURL((url) => url.pathname.endsWith('/payment'));
    await page.route('**/api/pledges/payment-intent', (route) =>
      route.fulfill({ status: 500, json: { message: 'Something went wrong' } }),
    );
    await fillCard(page.locator('form'), '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Authorize $10' }).click();
    await toastText(page, 'Payment Setup Error').waitFor();
    await toastText(page, 'Failed to create payment intent').waitFor();
    await harness.screenshot(page, 'texts-payment-setup-error');
  });

  it("'Display name required' when the profile is saved without one", async () => {
    const page = await harness.newPage();
    await logIn(page, taker, '/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await dialog.getByLabel('Display name').fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toastText(page, 'Display name required').waitFor();
    await toastText(page, 'Please enter a display name').waitFor();
  });

  it("'Failed to load dare details' when an invitation's dare cannot be loaded", async () => {
    const page = await harness.newPage();
    await page.route('**/api/invitations/**', (route) =>
      route.fulfill({ status: 500, json: { message: 'Something went wrong' } }),
    );
    await page.goto('/invite/some-token');
    await page.getByRole('heading', { name: 'Failed to load dare details' }).waitFor();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
  });
});

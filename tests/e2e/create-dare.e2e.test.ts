import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, registerViaApi, startHarness, uniqueUser } from './harness';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ fakeMedia: true });
});

afterAll(async () => {
  await harness?.stop();
});

/** A toast's text. A modal dialog hides the region from the accessibility tree (Radix still announces). */
const toastText = (page: Page, text: string) =>
  page.getByRole('region', { name: 'Notifications (F8)', includeHidden: true }).getByText(text);

async function logIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/auth?redirectTo=%2F');
  await page.getByLabel('Email or username').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

async function openCreateDialog(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Create a dare' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a New Dare' });
  await dialog.getByText('Create a challenge for others to fund and watch you complete').waitFor();
  await animationsDone(dialog);
  return dialog;
}

/** Lets the sheet's slide-up and the colour transitions finish (not endless spinners). */
function animationsDone(dialog: Locator) {
  return dialog.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Records with Chromium's fake camera, stopping by hand after `seconds`. */
async function recordPitch(dialog: Locator, seconds: number) {
  await dialog.getByRole('button', { name: 'Turn on camera' }).click();
  await dialog.getByRole('button', { name: 'Start recording' }).click();
  await dialog.page().waitForTimeout(seconds * 1000);
  await dialog.getByRole('button', { name: 'Stop recording' }).click();
  await dialog.getByLabel('Pitch video preview').waitFor();
  await dialog.getByText('Pitch video uploaded').waitFor({ timeout: 30_000 });
}

/** A real 640x360 JPEG drawn by the browser, so the test needs no image files on disk. */
async function coverJpeg(page: Page) {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 360;
    const context = canvas.getContext('2d')!;
    const gradient = context.createLinearGradient(0, 0, 640, 360);
    gradient.addColorStop(0, '#0ea5e9');
    gradient.addColorStop(1, '#1e3a8a');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 640, 360);
    context.fillStyle = '#ffffff';
    context.font = 'bold 56px sans-serif';
    context.fillText('Day 1 of 7', 180, 200);
    return canvas.toDataURL('image/jpeg', 0.9);
  });
  return {
    name: 'cover.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from(dataUrl.split(',')[1] ?? '', 'base64'),
  };
}

/** Runs in the page: keeps every camera stream so the test can see whether it was released. */
function trackCameraStreams() {
  const devices = navigator.mediaDevices;
  const original = devices.getUserMedia.bind(devices);
  const streams: MediaStream[] = [];
  (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams = streams;
  devices.getUserMedia = async (constraints) => {
    const stream = await original(constraints);
    streams.push(stream);
    return stream;
  };
}

/** Camera or microphone tracks still running (the camera light is on). */
const liveCameraTracks = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams
        .flatMap((stream) => stream.getTracks())
        .filter((track) => track.readyState === 'live').length,
  );

describe('create a dare', () => {
  it('sends a logged-out visitor to log in first', async () => {
    const page = await harness.newPage();
    await page.goto('/dare');
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('redirectTo')).toBe('/dare');
  });

  it('validates, records a pitch, uploads a cover and creates a self dare', async () => {
    const user = uniqueUser('create');
    const account = await registerViaApi(harness.baseUrl, user);
    const page = await harness.newPage();
    await logIn(page, user);

    const dialog = await openCreateDialog(page);
    await harness.screenshot(page, 'create-dare-dialog');

    await dialog.getByRole('button', { name: 'Create Dare' }).click();
    for (const message of [
      'Title must be at least 3 characters',
      'Description must be at least 10 characters',
      'Please select a category',
      'Content rating is required',
      'Pitch video is required for self dares and public challenges',
      'You must accept the terms and conditions',
      'You must accept the liability waiver',
      'You must confirm your dare is safe',
    ]) {
      await dialog.getByText(message).waitFor();
    }
    await harness.screenshot(page, 'create-dare-validation');

    await dialog.getByLabel('Title').fill('Cold shower every morning');
    await dialog
      .getByLabel('Description')
      .fill('Seven days of ice-cold showers, filmed every single morning.');
    await dialog.getByLabel('Target amount').fill('25');
    await dialog.getByLabel('Funding duration').selectOption('7');
    await dialog.getByLabel('Category').selectOption('Physical');
    await dialog.getByText('PG-13', { exact: true }).click();

    await recordPitch(dialog, 2);
    await dialog.getByRole('radio', { name: 'Thumbnail 6 of 6' }).waitFor();
    await harness.screenshot(page, 'create-dare-pitch-preview');

    await dialog.getByLabel('Cover image', { exact: true }).setInputFiles(await coverJpeg(page));
    await dialog.getByText('Cover uploaded').waitFor();
    await dialog.getByLabel('I accept the terms and conditions').check();
    await dialog.getByLabel(/liability waiver/).check();
    await dialog.getByLabel(/safe and legal/).check();

    // A public challenge needs funding first: its funding sheet opens, and Back keeps the form.
    await dialog.getByRole('tab', { name: 'Dare Someone Else' }).click();
    await dialog.getByLabel('Who are you daring?').selectOption('public');
    await dialog.getByRole('button', { name: 'Create Dare' }).click();
    const funding = page.getByRole('dialog', { name: 'Pledge to this Dare' });
    await funding.getByText('Public dares must be funded with at least $5 to go live.').waitFor();
    await funding.getByRole('button', { name: 'Back' }).click();
    await funding.waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Title').inputValue()).toBe('Cold shower every morning');

    await dialog.getByRole('tab', { name: 'Create for Yourself' }).click();
    await dialog.getByRole('tab', { name: 'Create for Yourself', selected: true }).waitFor();
    await animationsDone(dialog);
    await harness.screenshot(page, 'create-dare-filled');
    await dialog.getByRole('button', { name: 'Create Dare' }).click();
    // The creator is offered a first pledge; funding later is fine.
    await page
      .getByRole('dialog', { name: 'Pledge to this Dare' })
      .getByRole('button', { name: 'Skip for Now' })
      .click();

    await page.waitForURL((url) => url.pathname === '/profile');
    await toastText(page, 'Dare Created').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1 }).waitFor();
    await harness.screenshot(page, 'create-dare-created');

    const response = await page.request.get(`/api/dares/user/${account.id}`);
    expect(response.status()).toBe(200);
    const { items } = (await response.json()) as {
      items: Array<Record<string, unknown>>;
    };
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      title: 'Cold shower every morning',
      targetAmount: 25,
      category: 'Physical',
      contentRating: 'PG-13',
      dareType: 'self',
      status: 'pending',
      pitchVideo: expect.stringMatching(/^\/media\//),
      coverImage: expect.stringMatching(/^\/media\//),
    });
    const days = (Date.parse(String(items[0]?.expiresAt)) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // The new dare reaches the feed, playing its recorded pitch from the server.
    await page.goto('/');
    await page.getByText('Cold shower every morning').first().waitFor();
    const pitchSrc = await page.locator('video[src^="/media/"]').first().getAttribute('src');
    expect(pitchSrc).toBe(items[0]?.pitchVideo);
  });

  it('stops recording by itself at 15 seconds', { timeout: 90_000 }, async () => {
    const user = uniqueUser('pitch');
    await registerViaApi(harness.baseUrl, user);
    const page = await harness.newPage();
    await page.addInitScript(trackCameraStreams);
    await logIn(page, user);
    const dialog = await openCreateDialog(page);

    await dialog.getByRole('button', { name: 'Turn on camera' }).click();
    await dialog.getByLabel('Camera preview').waitFor();
    await harness.screenshot(page, 'create-dare-camera-live');
    await dialog.getByRole('button', { name: 'Start recording' }).click();
    const started = Date.now();
    await dialog.getByRole('status').getByText('Recording. 15 seconds left.').waitFor();
    await dialog.getByRole('status').getByText('10 seconds left').waitFor({ timeout: 10_000 });
    await dialog.getByLabel('Camera preview').scrollIntoViewIfNeeded();
    await harness.screenshot(page, 'create-dare-recording');

    await dialog.getByLabel('Pitch video preview').waitFor({ timeout: 20_000 });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThan(14_000);
    expect(elapsed).toBeLessThan(18_000);
    await dialog.getByText('Pitch video uploaded').waitFor({ timeout: 30_000 });
    expect(await liveCameraTracks(page)).toBe(0);

    // Retake goes back to the live camera and forgets the uploaded take.
    await dialog.getByRole('button', { name: 'Retake' }).click();
    await dialog.getByRole('button', { name: 'Start recording' }).waitFor();
    expect(await liveCameraTracks(page)).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await liveCameraTracks(page)).toBe(0);
  });
});

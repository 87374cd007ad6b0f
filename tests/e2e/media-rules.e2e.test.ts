import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFfmpeg, makeClip } from '../support/media';
import { animationsDone, openCreateDialog } from './create-dare-helpers';
import { newcomerPage } from './feed-helpers';
import { type Harness, startHarness } from './harness';

/**
 * Issue 19 item 23 in the browser: a chosen pitch file over 15 s is refused on the phone,
 * before a byte is sent. Clips are made by ffmpeg at test time.
 */
const TOO_LONG = 'Pitch video must be 15 seconds or less';

let harness: Harness;
let clips: string;
beforeAll(async () => {
  harness = await startHarness();
  clips = await mkdtemp(join(tmpdir(), 'darefund-e2e-clips-'));
});
afterAll(async () => {
  await harness?.stop();
  await rm(clips, { recursive: true, force: true });
});

describe.skipIf(!hasFfmpeg())('the pitch length on the phone', () => {
  it('refuses a chosen 20 s file with the message and uploads nothing; a 10 s one uploads', async () => {
    const page = await newcomerPage(harness, 'pitch-length');
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/videos/upload')) uploads.push(request.url());
    });
    const dialog = await openCreateDialog(page);
    const chooser = dialog.getByLabel('Choose a video file');

    await chooser.setInputFiles(makeClip(clips, 20, 'mp4-faststart'));
    await dialog.getByRole('alert').getByText(TOO_LONG).waitFor();
    await dialog.getByText(TOO_LONG).scrollIntoViewIfNeeded();
    await animationsDone(dialog);
    await harness.screenshot(page, 'pitch-too-long');
    expect(uploads).toEqual([]);
    expect(await dialog.getByLabel('Pitch video preview').count()).toBe(0);

    await chooser.setInputFiles(makeClip(clips, 10, 'mp4-faststart'));
    await dialog.getByText('Pitch video uploaded').waitFor({ timeout: 30_000 });
    expect(uploads).toHaveLength(1);
    expect(await dialog.getByText(TOO_LONG).count()).toBe(0);
  });
});

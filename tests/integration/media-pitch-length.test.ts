import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFiles } from '@/server/db/schema';
import { toDataUrl } from '../support/fixtures';
import { type ClipFormat, hasFfmpeg, makeClip, postFile } from '../support/media';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/**
 * Issue 19 item 23: the 15-second pitch limit holds for chosen files too. The server measures
 * a pitch with ffprobe when it is on PATH, else from the MP4 or WebM header (VIDEO_PROBE=
 * headers forces that path); proofs have no limit. Clips are made by ffmpeg at test time.
 */
const TOO_LONG = 'Pitch video must be 15 seconds or less';
const canMakeClips = hasFfmpeg();

let clips: string;
const clip = (seconds: number, format: ClipFormat = 'mp4') =>
  readFile(makeClip(clips, seconds, format));

beforeAll(async () => {
  clips = await mkdtemp(join(tmpdir(), 'darefund-pitch-clips-'));
});
afterAll(async () => {
  await rm(clips, { recursive: true, force: true });
});

describe.skipIf(!canMakeClips).each([
  { probe: 'auto', label: 'with ffprobe' },
  { probe: 'headers', label: 'from the file headers (ffprobe off)' },
])('pitch length, $label', { timeout: 120_000 }, ({ probe }) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ VIDEO_PROBE: probe });
    cookie = (await registerUser(t.app)).cookie;
  });
  afterAll(async () => {
    await t?.close();
  });

  const upload = (bytes: Buffer, purpose: string, format: ClipFormat = 'mp4') =>
    postFile(t.app, cookie, `/api/videos/upload?purpose=${purpose}`, {
      field: 'video',
      name: format === 'webm' ? 'clip.webm' : 'clip.mp4',
      type: format === 'webm' ? 'video/webm' : 'video/mp4',
      bytes,
    });
  const storedVideos = () =>
    readdir(join(t.config.dataDir, 'media', 'videos')).catch(() => [] as string[]);

  it('refuses a 20 s pitch with 422 and keeps nothing of it', async () => {
    const before = await storedVideos();
    const response = await upload(await clip(20), 'pitch');
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 422,
      body: expect.objectContaining({ message: TOO_LONG }),
    });
    expect(await storedVideos()).toEqual(before);
    expect(await t.app.ctx.db.select().from(mediaFiles)).toEqual([]);
  });

  it('refuses a 20 s WebM pitch and one whose index comes first (+faststart)', async () => {
    for (const format of ['webm', 'mp4-faststart'] as const) {
      const response = await upload(await clip(20, format), 'pitch', format);
      expect([format, response.statusCode, response.json().message]).toEqual([
        format,
        422,
        TOO_LONG,
      ]);
    }
  });

  it('refuses a 20 s pitch sent as a data URL (the recorder route)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/videos/upload-base64',
      payload: { base64Data: toDataUrl(await clip(20), 'video/mp4') },
      headers: { cookie },
    });
    expect([response.statusCode, response.json().message]).toEqual([422, TOO_LONG]);
  });

  it('takes a 20 s proof: proofs have no length limit', async () => {
    const response = await upload(await clip(20), 'proof');
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/^\/media\/videos\//);
  });

  it('takes a 10 s pitch', async () => {
    for (const format of ['mp4', 'webm'] as const) {
      const response = await upload(await clip(10, format), 'pitch', format);
      expect([format, response.statusCode]).toEqual([format, 200]);
    }
  });
});

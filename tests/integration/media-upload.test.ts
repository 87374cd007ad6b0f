import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_MAX_BYTES } from '@/contracts/limits';
import { ffmpegAvailable } from '@/server/adapters/media/ffmpeg-processor';
import { PNG_BYTES, toDataUrl } from '../support/fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

const MP4 = readFileSync(new URL('../../assets/demo/ice-bucket-challenge.mp4', import.meta.url));
const HTML = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(200, ' '));
const hasFfmpeg = await ffmpegAvailable();

const BOUNDARY = '----darefund-test-boundary';
const partHead = (field: string, filename: string, type: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
const partTail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);

/** A one-file multipart form; `padding` zero bytes are streamed after the content. */
function form(field: string, filename: string, type: string, content: Buffer, padding = 0) {
  const chunks = function* () {
    yield partHead(field, filename, type);
    yield content;
    const zeros = Buffer.alloc(1024 * 1024);
    for (let left = padding; left > 0; left -= zeros.length) yield zeros.subarray(0, left);
    yield partTail;
  };
  return padding > 0 ? Readable.from(chunks()) : Buffer.concat([...chunks()]);
}

let t: TestApp;
let cookie: string;
let tmpRoot: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await registerUser(t.app)).cookie;
  // Uploads spool under os.tmpdir(); a private one shows whether they clean up after.
  tmpRoot = await mkdtemp(join(tmpdir(), 'darefund-media-upload-test-'));
  process.env.TMPDIR = tmpRoot;
});
afterAll(async () => {
  delete process.env.TMPDIR;
  await rm(tmpRoot, { recursive: true, force: true });
  await t.close();
});

const upload = (url: string, payload: Buffer | Readable, withCookie = true) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      ...(withCookie ? { cookie } : {}),
    },
  });

async function storedFiles(): Promise<string[]> {
  const root = join(t.config.dataDir, 'media');
  const entries = await readdir(root, { recursive: true }).catch(() => []);
  return entries.map(String).sort();
}

describe('POST /api/videos/upload', () => {
  it('stores an MP4 served from /media as video/mp4 with byte ranges', async () => {
    const response = await upload(
      '/api/videos/upload',
      form('video', 'clip.mp4', 'video/mp4', MP4),
    );
    expect(response.statusCode).toBe(200);
    const { url, posterUrl } = response.json();
    expect(url).toMatch(/^\/media\/videos\/[0-9a-f-]+\.mp4$/);
    if (hasFfmpeg) expect(posterUrl).toMatch(/^\/media\/posters\/[0-9a-f-]+\.jpg$/);
    else expect(posterUrl).toBeNull();

    const whole = await t.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    if (!hasFfmpeg) expect(whole.rawPayload.equals(MP4)).toBe(true);

    const part = await t.app.inject({ url, headers: { range: 'bytes=0-1' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-1/${whole.rawPayload.length}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(0, 2))).toBe(true);
    expect(await readdir(tmpRoot)).toEqual([]);

    // HEAD tells a player the real size (and range) without sending the bytes.
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(whole.rawPayload.length));
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.rawPayload.length).toBe(0);
    const headPart = await t.app.inject({ method: 'HEAD', url, headers: { range: 'bytes=0-1' } });
    expect(headPart.statusCode).toBe(206);
    expect(headPart.headers['content-length']).toBe('2');
    expect(headPart.headers['content-range']).toBe(`bytes 0-1/${whole.rawPayload.length}`);
    expect(headPart.rawPayload.length).toBe(0);
  });

  it('refuses 100 MB + 1 byte with 413 and leaves no file behind', async () => {
    const before = await storedFiles();
    const padding = VIDEO_MAX_BYTES + 1 - MP4.length;
    const response = await upload(
      '/api/videos/upload',
      form('video', 'big.mp4', 'video/mp4', MP4, padding),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Please upload a video smaller than 100MB.' });
    expect(await storedFiles()).toEqual(before);
    expect(await readdir(tmpRoot)).toEqual([]);
  });

  it.each([
    ['HTML named x.mp4', form('video', 'x.mp4', 'video/mp4', HTML)],
    ['a PNG', form('video', 'x.mp4', 'video/mp4', PNG_BYTES)],
    ['an empty file', form('video', 'x.mp4', 'video/mp4', Buffer.alloc(0))],
  ])('sniffs the bytes: %s is refused with "Invalid File" and not stored', async (_, body) => {
    const before = await storedFiles();
    const response = await upload('/api/videos/upload', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid File' });
    expect(await storedFiles()).toEqual(before);
    expect(await readdir(tmpRoot)).toEqual([]);
  });

  it('asks for a video when the form has none', async () => {
    const wrongField = await upload('/api/videos/upload', form('file', 'a.mp4', 'video/mp4', MP4));
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ message: 'Please upload a video first.' });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/videos/upload',
      payload: { video: 'x' },
      headers: { cookie },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: 'Please upload a video first.' });
  });
});

describe('POST /api/images/upload', () => {
  it('stores a PNG served as image/png', async () => {
    const response = await upload(
      '/api/images/upload',
      form('image', 'a.png', 'image/png', PNG_BYTES),
    );
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    expect(url).toMatch(/^\/media\/images\/[0-9a-f-]+\.png$/);
    const media = await t.app.inject({ url });
    expect(media.headers['content-type']).toBe('image/png');
    expect(media.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('refuses a video or text with "Invalid File" and an image over 5 MB with 413', async () => {
    const video = await upload('/api/images/upload', form('image', 'a.png', 'image/png', MP4));
    expect(video.statusCode).toBe(400);
    expect(video.json()).toEqual({ message: 'Invalid File' });
    const text = await upload('/api/images/upload', form('image', 'a.png', 'image/png', HTML));
    expect(text.json()).toEqual({ message: 'Invalid File' });
    const big = await upload(
      '/api/images/upload',
      form('image', 'a.png', 'image/png', PNG_BYTES, 5 * 1024 * 1024),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'Image must be less than 5MB' });
  });
});

describe('sign-in', () => {
  it('refuses anonymous uploads with 401 before storing anything', async () => {
    const before = await storedFiles();
    const video = form('video', 'clip.mp4', 'video/mp4', MP4);
    expect((await upload('/api/videos/upload', video, false)).statusCode).toBe(401);
    const image = form('image', 'a.png', 'image/png', PNG_BYTES);
    expect((await upload('/api/images/upload', image, false)).statusCode).toBe(401);
    const base64 = await t.app.inject({
      method: 'POST',
      url: '/api/videos/upload-base64',
      payload: { base64Data: toDataUrl(MP4, 'video/mp4') },
    });
    expect(base64.statusCode).toBe(401);
    expect(await storedFiles()).toEqual(before);
  });
});

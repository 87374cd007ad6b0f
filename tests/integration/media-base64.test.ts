import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE64_VIDEO_MAX_BYTES } from '@/contracts/limits';
import { ffmpegAvailable } from '@/server/adapters/media/ffmpeg-processor';
import { PNG_BYTES, toDataUrl } from '../support/fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

const MP4 = readFileSync(new URL('../../assets/demo/ice-bucket-challenge.mp4', import.meta.url));
const hasFfmpeg = await ffmpegAvailable();

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await registerUser(t.app)).cookie;
});
afterAll(async () => {
  await t.close();
});

const uploadBase64 = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/videos/upload-base64', payload, headers: { cookie } });

describe('POST /api/videos/upload-base64', () => {
  it('stores a recorded clip sent as a data URL (dareId optional)', async () => {
    const response = await uploadBase64({ base64Data: toDataUrl(MP4, 'video/mp4'), dareId: 7 });
    expect(response.statusCode).toBe(200);
    const { url, posterUrl } = response.json();
    expect(url).toMatch(/^\/media\/videos\/[0-9a-f-]+\.mp4$/);
    expect(posterUrl === null).toBe(!hasFfmpeg);
    const media = await t.app.inject({ url, headers: { range: 'bytes=0-1' } });
    expect(media.statusCode).toBe(206);
    expect(media.headers['content-type']).toBe('video/mp4');
  });

  it('decodes a clip larger than one decoding chunk byte for byte', async () => {
    // 1.5 MB of base64 spans two chunks; a misaligned split would corrupt the bytes.
    const big = Buffer.concat([MP4, Buffer.alloc(1024 * 1024, 7)]);
    const response = await uploadBase64({ base64Data: toDataUrl(big, 'video/mp4') });
    expect(response.statusCode).toBe(200);
    if (hasFfmpeg) return; // Transcoded output differs from the input by design.
    const media = await t.app.inject({ url: response.json().url });
    expect(media.rawPayload.equals(big)).toBe(true);
  });

  it.each([
    ['HTML declared as video', toDataUrl(Buffer.from('<html>'.padEnd(100)), 'video/mp4')],
    ['an image', toDataUrl(PNG_BYTES, 'video/webm')],
    ['a plain address', 'https://example.com/video.mp4'],
  ])('refuses %s with "Invalid File"', async (_, base64Data) => {
    const response = await uploadBase64({ base64Data });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Invalid File' });
  });

  it('stores a clip whose type names its codecs, as browsers write it', async () => {
    const base64Data = toDataUrl(MP4, 'video/webm;codecs=vp8,opus');
    const response = await uploadBase64({ base64Data });
    expect(response.statusCode).toBe(200);
  });

  it('refuses a clip over 40 MB with 413, and a dareId that is not an id with 400', async () => {
    const big = Buffer.concat([MP4, Buffer.alloc(BASE64_VIDEO_MAX_BYTES + 1 - MP4.length)]);
    const tooBig = await uploadBase64({ base64Data: toDataUrl(big, 'video/mp4') });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: 'Please upload a video smaller than 40MB.' });
    const badId = await uploadBase64({ base64Data: toDataUrl(MP4, 'video/mp4'), dareId: -1 });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({ message: expect.any(String) });
  });

  it('asks for a video when base64Data is empty', async () => {
    const response = await uploadBase64({ base64Data: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Please upload a video first.' });
  });

  it('asks for a video when the request has no JSON body at all', async () => {
    const url = '/api/videos/upload-base64';
    for (const extra of [
      {},
      { payload: 'data:video/webm;base64,AAAA', headers: { 'content-type': 'text/plain' } },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        ...extra,
        headers: { cookie, ...extra.headers },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Please upload a video first.' });
    }
  });
});

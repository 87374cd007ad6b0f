import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_BYTES } from '../support/fixtures';
import { createTestApp, type TestApp } from '../support/test-app';

// Stored media never changes under its name: a year of caching, and validators so a copy
// that expired anyway (or a CDN) revalidates with a 304 instead of downloading again.

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ctx.storage.put('images/cache-test.png', PNG_BYTES, 'image/png');
  url = '/media/images/cache-test.png';
});
afterAll(async () => {
  await t.close();
});

describe('GET /media caching', () => {
  it('sends immutable caching with an ETag and a Last-Modified', async () => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(new Date(String(response.headers['last-modified'])).getTime()).toBeGreaterThan(0);
    // The same file gives the same tag every time.
    expect((await t.app.inject({ url })).headers.etag).toBe(response.headers.etag);
  });

  it('answers If-None-Match with the current tag (or *) with an empty 304, GET and HEAD', async () => {
    const { etag } = (await t.app.inject({ url })).headers;
    for (const method of ['GET', 'HEAD'] as const) {
      for (const tag of [String(etag), `W/${etag}`, `"other", ${etag}`, '*']) {
        const response = await t.app.inject({ method, url, headers: { 'if-none-match': tag } });
        expect(response.statusCode).toBe(304);
        expect(response.rawPayload.length).toBe(0);
        expect(response.headers.etag).toBe(etag);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    }
    // A range request for a copy the client already has is a 304 too.
    const ranged = await t.app.inject({
      url,
      headers: { 'if-none-match': String(etag), range: 'bytes=0-3' },
    });
    expect(ranged.statusCode).toBe(304);
  });

  it('sends the file again for another tag, and If-None-Match wins over If-Modified-Since', async () => {
    const { 'last-modified': lastModified } = (await t.app.inject({ url })).headers;
    const response = await t.app.inject({
      url,
      headers: { 'if-none-match': '"0-0"', 'if-modified-since': String(lastModified) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('answers If-Modified-Since with 304 when unchanged since, 200 when older', async () => {
    const { 'last-modified': lastModified } = (await t.app.inject({ url })).headers;
    const since = new Date(String(lastModified));
    const unchanged = await t.app.inject({
      url,
      headers: { 'if-modified-since': since.toUTCString() },
    });
    expect(unchanged.statusCode).toBe(304);
    const before = new Date(since.getTime() - 60_000).toUTCString();
    const changed = await t.app.inject({ url, headers: { 'if-modified-since': before } });
    expect(changed.statusCode).toBe(200);
    const garbage = await t.app.inject({ url, headers: { 'if-modified-since': 'yesterday' } });
    expect(garbage.statusCode).toBe(200);
  });
});

describe('GET /media If-Range (RFC 9110 13.1.5)', () => {
  const ranged = (ifRange: string) =>
    t.app.inject({ url, headers: { range: 'bytes=0-3', 'if-range': ifRange } });

  it('sends the range when the validator matches, the whole file when it does not', async () => {
    const { etag, 'last-modified': lastModified } = (await t.app.inject({ url })).headers;
    for (const current of [String(etag), String(lastModified)]) {
      const part = await ranged(current);
      expect(part.statusCode, current).toBe(206);
      expect(part.rawPayload.equals(PNG_BYTES.subarray(0, 4))).toBe(true);
    }
    const older = new Date(Date.parse(String(lastModified)) - 60_000).toUTCString();
    // Another tag, a weak tag (never matches for ranges) or another date: the file changed.
    for (const stale of ['"0-0"', `W/${etag}`, older, 'not a validator']) {
      const whole = await ranged(stale);
      expect(whole.statusCode, stale).toBe(200);
      expect(whole.headers['content-range']).toBeUndefined();
      expect(whole.rawPayload.equals(PNG_BYTES)).toBe(true);
    }
  });
});

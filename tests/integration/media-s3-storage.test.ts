import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3MediaStorage } from '@/server/adapters/media/s3-storage';
import { PNG_BYTES, toDataUrl } from '../support/fixtures';
import { freePort } from '../support/server-process';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/**
 * A stand-in for an S3-compatible service (we cannot reach one here): path-style
 * PutObject, multipart upload, HeadObject, GetObject with Range and DeleteObject, objects
 * in a Map. It ignores signatures; the SDK code path under test is the real one.
 */
type StoredObject = { body: Buffer; contentType: string };
const objects = new Map<string, StoredObject>();
const uploads = new Map<string, Map<number, Buffer>>();
const requests: string[] = [];
const BUCKET = 'darefund-media';
const MP4 = readFileSync(new URL('../../assets/demo/ice-bucket-challenge.mp4', import.meta.url));

const xml = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>${body}`);
};

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const [bucket, ...rest] = url.pathname.slice(1).split('/').map(decodeURIComponent);
  const key = rest.join('/');
  const uploadId = url.searchParams.get('uploadId');
  requests.push(`${req.method} ${url.pathname}${url.search}`);
  const body = await buffer(req);
  if (bucket !== BUCKET) return xml(res, 404, '<Error><Code>NoSuchBucket</Code></Error>');
  if (req.headers['content-encoding']?.includes('aws-chunked')) {
    return xml(res, 501, '<Error><Code>NotImplemented</Code></Error>');
  }
  const object = objects.get(key);
  const etag = `"${randomBytes(8).toString('hex')}"`;
  switch (req.method) {
    case 'POST':
      if (url.searchParams.has('uploads')) {
        const id = randomBytes(8).toString('hex');
        uploads.set(id, new Map());
        const result = `<Bucket>${bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId>`;
        return xml(
          res,
          200,
          `<InitiateMultipartUploadResult>${result}</InitiateMultipartUploadResult>`,
        );
      }
      if (uploadId && uploads.has(uploadId)) {
        const parts = [...uploads.get(uploadId)!.entries()].sort(([a], [b]) => a - b);
        const contentType = objects.get(`${uploadId}:type`)?.contentType ?? '';
        objects.set(key, { body: Buffer.concat(parts.map(([, part]) => part)), contentType });
        uploads.delete(uploadId);
        return xml(
          res,
          200,
          `<CompleteMultipartUploadResult><ETag>${etag}</ETag></CompleteMultipartUploadResult>`,
        );
      }
      return xml(res, 404, '<Error><Code>NoSuchUpload</Code></Error>');
    case 'PUT':
      if (uploadId) {
        uploads.get(uploadId)?.set(Number(url.searchParams.get('partNumber')), body);
      } else {
        objects.set(key, { body, contentType: req.headers['content-type'] ?? '' });
      }
      res.writeHead(200, { etag });
      return res.end();
    case 'HEAD':
    case 'GET': {
      if (!object)
        return xml(res, 404, req.method === 'HEAD' ? '' : '<Error><Code>NoSuchKey</Code></Error>');
      const match = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      const [start, end] = match
        ? [Number(match[1]), Number(match[2])]
        : [0, object.body.length - 1];
      res.writeHead(match ? 206 : 200, {
        'content-type': object.contentType,
        'content-length': end - start + 1,
        ...(match ? { 'content-range': `bytes ${start}-${end}/${object.body.length}` } : {}),
        etag,
      });
      return res.end(req.method === 'HEAD' ? undefined : object.body.subarray(start, end + 1));
    }
    case 'DELETE':
      if (uploadId) uploads.delete(uploadId);
      else objects.delete(key);
      res.writeHead(204);
      return res.end();
  }
  return xml(res, 405, '<Error><Code>MethodNotAllowed</Code></Error>');
}

let server: Server;
let endpoint: string;
let storage: S3MediaStorage;
beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const keys = { accessKeyId: 'test', secretAccessKey: 'test-secret' };
  storage = new S3MediaStorage({ bucket: BUCKET, endpoint, region: 'us-east-1', ...keys });
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('S3MediaStorage', () => {
  it('puts, stats, reads a byte range and deletes, path-style', async () => {
    const bytes = randomBytes(1000);
    await storage.put('videos/a.mp4', bytes, 'video/mp4');
    expect(requests.some((line) => line.startsWith(`PUT /${BUCKET}/videos/a.mp4`))).toBe(true);
    expect(objects.get('videos/a.mp4')).toEqual({ body: bytes, contentType: 'video/mp4' });
    expect(await storage.stat('videos/a.mp4')).toEqual({ size: 1000, contentType: 'video/mp4' });
    const range = await buffer(await storage.read('videos/a.mp4', { start: 10, end: 19 }));
    expect(range.equals(bytes.subarray(10, 20))).toBe(true);
    const whole = await buffer(await storage.read('videos/a.mp4'));
    expect(whole.equals(bytes)).toBe(true);
    await storage.delete('videos/a.mp4');
    expect(await storage.stat('videos/a.mp4')).toBeNull();
    await expect(storage.delete('videos/a.mp4')).resolves.toBeUndefined();
  });

  it('streams a large video as a multipart upload', async () => {
    const bytes = randomBytes(6 * 1024 * 1024 + 123);
    const chunks = Array.from({ length: 7 }, (_, i) =>
      bytes.subarray(i * 1024 ** 2, (i + 1) * 1024 ** 2),
    );
    await storage.put('videos/big.webm', Readable.from(chunks), 'video/webm');
    expect(requests.some((line) => line.includes('/videos/big.webm?uploads'))).toBe(true);
    expect(objects.get('videos/big.webm')?.body.equals(bytes)).toBe(true);
    expect((await storage.stat('videos/big.webm'))?.size).toBe(bytes.length);
  });

  it('aborts a failed upload so no object is left behind', async () => {
    const failing = Readable.from(
      (async function* () {
        yield randomBytes(6 * 1024 * 1024);
        throw new Error('client went away');
      })(),
    );
    await expect(storage.put('videos/broken.mp4', failing, 'video/mp4')).rejects.toThrow();
    expect(objects.has('videos/broken.mp4')).toBe(false);
    expect(uploads.size).toBe(0);
  });
});

describe('the app on S3 storage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores uploads in the bucket and serves /media from it with ranges', async () => {
    const { cookie } = await registerUser(t.app);
    const mp4 = MP4;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/videos/upload-base64',
      payload: { base64Data: toDataUrl(mp4, 'video/mp4') },
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const { url } = response.json();
    const stored = objects.get(url.replace('/media/', ''));
    expect(stored?.contentType).toBe('video/mp4');
    const part = await t.app.inject({ url, headers: { range: 'bytes=0-1' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-1/${stored?.body.length}`);
    expect(part.rawPayload.equals(stored!.body.subarray(0, 2))).toBe(true);
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(stored?.body.length));
    expect(head.rawPayload.length).toBe(0);
    await expect(access(join(t.config.dataDir, 'media'))).rejects.toThrow();
  });

  it('readiness writes and deletes its probe object in the bucket (decision 0050)', async () => {
    const before = requests.length;
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.json().checks.storage).toBe('ok');
    const probe = requests.slice(before).filter((line) => line.includes('/readiness/'));
    expect(probe.map((line) => line.split(' ')[0])).toEqual(['PUT', 'DELETE']);
    expect([...objects.keys()].filter((key) => key.startsWith('readiness/'))).toEqual([]);
  });
});

describe('the app when S3 is down', () => {
  const UNAVAILABLE = { message: 'Storage is unavailable, please try again' };
  let failing: Server;
  let failingEndpoint: string;
  let closedPort: number;
  beforeAll(async () => {
    // A service that is up but failing: every request answers 500.
    failing = createServer((req, res) => {
      req.resume();
      xml(res, 500, '<Error><Code>InternalError</Code><Message>We are down</Message></Error>');
    });
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    failingEndpoint = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
    closedPort = await freePort();
  });
  afterAll(async () => {
    failing.closeAllConnections();
    await new Promise((resolve) => failing.close(resolve));
  });

  it.each([
    ['a closed port', () => `http://127.0.0.1:${closedPort}`],
    ['a service answering 500', () => failingEndpoint],
  ])(
    'with %s: uploads and /media answer 503 in words, logged as a warning',
    async (_, endpointOf) => {
      const lines: string[] = [];
      const logStream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(chunk.toString());
          done();
        },
      });
      const down = await createTestApp(
        {
          S3_BUCKET: BUCKET,
          S3_ENDPOINT: endpointOf(),
          S3_REGION: 'us-east-1',
          S3_ACCESS_KEY_ID: 'test',
          S3_SECRET_ACCESS_KEY: 'test-secret',
          LOG_LEVEL: 'warn',
        },
        { logStream },
      );
      try {
        const { cookie } = await registerUser(down.app);
        const upload = await down.app.inject({
          method: 'POST',
          url: '/api/videos/upload-base64',
          payload: { base64Data: toDataUrl(MP4, 'video/mp4') },
          headers: { cookie },
        });
        const image = await down.app.inject({
          method: 'PATCH',
          url: '/api/user/profile',
          payload: { profilePicture: toDataUrl(PNG_BYTES, 'image/png') },
          headers: { cookie },
        });
        const media = await down.app.inject({ url: '/media/videos/some-video.mp4' });
        const head = await down.app.inject({ method: 'HEAD', url: '/media/images/a.png' });
        for (const answer of [upload, image, media]) {
          expect({ status: answer.statusCode, body: answer.json() }).toEqual({
            status: 503,
            body: UNAVAILABLE,
          });
        }
        expect(head.statusCode).toBe(503);
        // Readiness names storage, in words that carry neither the endpoint nor the bucket.
        const ready = await down.app.inject({ url: '/readyz' });
        expect(ready.statusCode).toBe(503);
        const { storage } = ready.json().checks;
        expect(storage).toMatch(/^failing: /);
        expect(storage).not.toMatch(/127\.0\.0\.1|darefund-media/);
        const log = lines.join('');
        expect(log).not.toContain('unhandled error');
        expect(lines.some((line) => /"level":40.*Storage is unavailable/.test(line))).toBe(true);
      } finally {
        await down.close();
      }
    },
  );
});

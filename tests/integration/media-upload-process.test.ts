import { mkdir, mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE64_VIDEO_MAX_BYTES } from '@/contracts/limits';
import {
  freePort,
  registerOverHttp,
  residentBytes,
  spawnServer,
  streamPost,
  waitForHttp,
} from '../support/server-process';
import { APP_START_TIMEOUT } from '../support/test-app';
import { createTestDatabase, dropTestDatabase } from '../support/test-database';

/**
 * Uploads against the real server process over real sockets: what it costs in memory, when
 * it refuses, and what a restart does to an upload in flight.
 */
const MP4_HEAD = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
const MB = 1024 * 1024;

/** The JSON body of a base64 upload of `bytes` decoded bytes, produced in 3 MB steps. */
function* base64Body(bytes: number): Generator<Buffer> {
  yield Buffer.from('{"dareId":7,"base64Data":"data:video/mp4;base64,');
  const clip = Buffer.alloc(bytes);
  MP4_HEAD.copy(clip);
  const step = 3 * MB; // a multiple of 3: every step encodes without padding
  for (let start = 0; start < bytes; start += step) {
    yield Buffer.from(clip.subarray(start, start + step).toString('base64'));
  }
  yield Buffer.from('"}');
}
const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3) + 60;

/** Like base64Body, but waits `ms` between 1 MB steps: an upload on a slow connection. */
async function* slowBody(steps: number, ms: number): AsyncGenerator<Buffer> {
  yield Buffer.from('{"base64Data":"data:video/mp4;base64,');
  yield Buffer.from(
    Buffer.concat([MP4_HEAD, Buffer.alloc(MB - MP4_HEAD.length)]).toString('base64'),
  );
  for (let i = 1; i < steps; i++) {
    await new Promise((resolve) => setTimeout(resolve, ms));
    yield Buffer.from(Buffer.alloc(MB).toString('base64'));
  }
  yield Buffer.from('"}');
}

/** A multipart form with one video, sent as slowly as slowBody. */
async function* slowForm(boundary: string, steps: number, ms: number): AsyncGenerator<Buffer> {
  yield Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="clip.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  yield Buffer.concat([MP4_HEAD, Buffer.alloc(MB - MP4_HEAD.length)]);
  for (let i = 1; i < steps; i++) {
    await new Promise((resolve) => setTimeout(resolve, ms));
    yield Buffer.alloc(MB);
  }
  yield Buffer.from(`\r\n--${boundary}--\r\n`);
}

let tmpRoot: string;
let dataDir: string;
let databaseUrl: string | undefined;
beforeAll(async () => {
  tmpRoot = await mkdtemp(join(tmpdir(), 'darefund-upload-process-'));
  dataDir = await mkdtemp(join(tmpdir(), 'darefund-upload-process-data-'));
  databaseUrl = await createTestDatabase();
});
afterAll(async () => {
  await dropTestDatabase(databaseUrl);
  await rm(tmpRoot, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

/** A server whose spool lives in tmpRoot; no ffmpeg on PATH, so uploads are stored as sent. */
type ServerProcess = ReturnType<typeof spawnServer>;
async function start(): Promise<{ server: ServerProcess; base: string }> {
  const port = await freePort();
  const server = spawnServer({
    PATH: '/nonexistent',
    TMPDIR: tmpRoot,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/api/user`, server.child);
  return { server, base };
}

const spoolDirs = async () =>
  (await readdir(tmpRoot)).filter((name) => name.startsWith('darefund-upload-'));

describe('base64 uploads in a server process', () => {
  let server: ServerProcess;
  let base: string;
  let cookies: string[];
  beforeAll(async () => {
    ({ server, base } = await start());
    // Two people, two uploads each: within the per-person bound.
    cookies = [
      await registerOverHttp(base, 'rss-a@example.com'),
      await registerOverHttp(base, 'rss-b@example.com'),
    ];
  }, APP_START_TIMEOUT);
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });

  const upload = (
    cookie: string,
    body: Iterable<Buffer> | AsyncIterable<Buffer>,
    length?: number,
  ) =>
    streamPost(
      `${base}/api/videos/upload-base64`,
      {
        'content-type': 'application/json',
        cookie,
        ...(length === undefined ? {} : { 'content-length': String(length) }),
      },
      body,
    );

  it('takes 4 maximum-size clips at once with under 150 MB of memory growth', async () => {
    // Warm up (first upload loads code paths), then measure from a settled baseline.
    const warm = await upload(cookies[0]!, base64Body(MB));
    expect(warm.status, warm.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const pid = server.child.pid!;
    const baseline = await residentBytes(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      void residentBytes(pid).then((rss) => (peak = Math.max(peak, rss)));
    }, 20);
    const results = await Promise.all(
      [0, 0, 1, 1].map((who) => upload(cookies[who]!, base64Body(BASE64_VIDEO_MAX_BYTES))),
    );
    clearInterval(sampler);
    const growthMb = Math.round((peak - baseline) / MB);
    console.info(
      `RSS growth with 4 concurrent ${BASE64_VIDEO_MAX_BYTES / MB} MB clips: ${growthMb} MB`,
    );
    for (const result of results) expect(result.status, result.body).toBe(200);
    expect(growthMb).toBeLessThan(150);
    expect(await spoolDirs()).toEqual([]);
  });

  it('refuses a body over the limit with 413 while it arrives', async () => {
    const over = BASE64_VIDEO_MAX_BYTES + 3 * MB;
    // Declared too large: refused before the body is read.
    const declared = await upload(cookies[0]!, base64Body(over), base64Length(over));
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body)).toEqual({
      message: 'Please upload a video smaller than 40MB.',
    });
    expect(declared.sentBytes).toBeLessThan(base64Length(over));
    // Sent without a length: refused once the decoded clip passes the limit.
    const pid = server.child.pid!;
    const before = await residentBytes(pid);
    const streamed = await upload(cookies[0]!, base64Body(5 * BASE64_VIDEO_MAX_BYTES));
    expect(streamed.status).toBe(413);
    expect(streamed.sentBytes).toBeLessThan(base64Length(2 * BASE64_VIDEO_MAX_BYTES));
    expect((await residentBytes(pid)) - before).toBeLessThan(100 * MB);
    expect(await spoolDirs()).toEqual([]);
  });

  it('lets one person have 2 uploads in flight, and answers a third 429', async () => {
    const slow = [upload(cookies[1]!, slowBody(6, 300)), upload(cookies[1]!, slowBody(6, 300))];
    await new Promise((resolve) => setTimeout(resolve, 400));
    const third = await upload(cookies[1]!, base64Body(MB));
    expect(third.status).toBe(429);
    expect(JSON.parse(third.body)).toEqual({
      message: 'Too many uploads at once. Please wait for one to finish.',
    });
    const other = await upload(cookies[0]!, base64Body(MB));
    expect(other.status).toBe(200);
    for (const result of await Promise.all(slow)) expect(result.status, result.body).toBe(200);
  });
});

describe('restarts', () => {
  it(
    'removes spool folders left by a dead process when it starts',
    async () => {
      // A folder of a process that is gone (no pid 2^22 + 1 exists), and an old one without pid.
      const dead = join(tmpRoot, 'darefund-upload-4194305-abc123');
      const old = join(tmpRoot, 'darefund-upload-xyz789');
      await mkdir(dead);
      await mkdir(old);
      const longAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      await utimes(old, longAgo, longAgo);
      const unrelated = join(tmpRoot, 'something-else');
      await mkdir(unrelated);
      const { server } = await start();
      server.child.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
      expect(await spoolDirs()).toEqual([]);
      expect(await readdir(tmpRoot)).toContain('something-else');
      await rm(unrelated, { recursive: true });
    },
    APP_START_TIMEOUT,
  );

  it(
    'answers an upload in flight at SIGTERM with 503 before the deadline, and removes its spool',
    async () => {
      const { server, base } = await start();
      const cookie = await registerOverHttp(base, 'restart@example.com');
      const startedAt = Date.now();
      // 16 s of upload: longer than the 15 s shutdown deadline.
      const pending = streamPost(
        `${base}/api/videos/upload-base64`,
        { 'content-type': 'application/json', cookie },
        slowBody(33, 500),
      );
      // The same through the multipart upload.
      const boundary = 'darefund-restart-test';
      const pendingForm = streamPost(
        `${base}/api/videos/upload`,
        { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie },
        slowForm(boundary, 33, 500),
      );
      for (let i = 0; i < 100 && (await spoolDirs()).length < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await spoolDirs()).toHaveLength(2);
      server.child.kill('SIGTERM');
      for (const response of await Promise.all([pending, pendingForm])) {
        expect(response.status).toBe(503);
        expect(JSON.parse(response.body)).toEqual({
          message: 'Server is restarting, please try again',
        });
      }
      expect(Date.now() - startedAt).toBeLessThan(15_000);
      expect((await server.exited).code).toBe(0);
      expect(await spoolDirs()).toEqual([]);
    },
    APP_START_TIMEOUT,
  );
});

import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Readiness } from '@/contracts/operations';
import { createJobRunner, type JobRunner } from '@/server/jobs/job-runner';
import { enqueueJob } from '@/server/jobs/queue';
import { expectedMigrations } from '@/server/modules/operations/applied-migrations';
import { STORAGE_CACHE_MS } from '@/server/modules/operations/readiness';
import { eventually } from '../support/eventually';
import { startJobRunner } from '../support/job-runner';
import { captureLogs } from '../support/log-capture';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/**
 * Issue 22 item 2 (decision 0050): /healthz and /readyz as a load balancer reads them, on
 * one app whose dependencies are broken and mended in turn. The database going away under a
 * running server is readiness-database-outage.test.ts.
 */
let t: TestApp;
let runner: JobRunner | undefined;
const logs = captureLogs();
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'debug' }, { logStream: logs.stream });
});
afterEach(() => {
  vi.restoreAllMocks();
  clockOffset = 0;
});
afterAll(async () => {
  await runner?.stop();
  await t.close();
});

const readyz = async () => {
  const response = await t.app.inject({ url: '/readyz' });
  return { status: response.statusCode, body: response.json() as Readiness, response };
};
const healthz = () => t.app.inject({ url: '/healthz' });
const logLines = () => logs.text().split('\n').filter(Boolean);

/**
 * Moves the monotonic clock (performance.now: the job heartbeat's and the storage probe's
 * cache's) `ms` ahead; timers keep real time, so the runner and the app work as before.
 */
const realNow = performance.now.bind(performance);
let clockOffset = 0;
const advanceClock = (ms: number) => {
  clockOffset += ms;
  vi.spyOn(performance, 'now').mockImplementation(() => realNow() + clockOffset);
};

describe('GET /healthz', () => {
  it('answers 200 while the process serves, to anyone, not cached', async () => {
    const response = await healthz();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
    // A cookie of no session is not looked at (the route needs no login).
    const withCookie = await t.app.inject({ url: '/healthz', headers: { cookie: 'sid=unknown' } });
    expect(withCookie.statusCode).toBe(200);
  });
});

describe('GET /readyz', () => {
  it('answers 503 naming the job runner while none runs in the process (buildApp alone)', async () => {
    const { status, body } = await readyz();
    expect(status).toBe(503);
    expect(body).toEqual({
      status: 'unready',
      checks: {
        database: 'ok',
        migrations: 'ok',
        storage: 'ok',
        jobs: 'failing: no job runner has ticked in this process',
      },
    });
  });

  it('answers 200 with every check ok once a job runner ticks', async () => {
    runner = await startJobRunner(t.app, { periodic: [] });
    const { status, body, response } = await readyz();
    expect(status).toBe(200);
    expect(body).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok', jobs: 'ok' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
    // No login needed, and a signed-in caller is answered the same.
    const { cookie } = await registerUser(t.app);
    const signedIn = await t.app.inject({ url: '/readyz', headers: { cookie } });
    expect(signedIn.statusCode).toBe(200);
  });

  it('writes no log line per call, even at LOG_LEVEL debug', async () => {
    const before = logLines().length;
    for (let call = 0; call < 10; call += 1) {
      expect((await healthz()).statusCode).toBe(200);
      expect((await readyz()).status).toBe(200);
      expect((await t.app.inject({ method: 'HEAD', url: '/readyz' })).statusCode).toBe(200);
    }
    expect(logLines().slice(before)).toEqual([]);
    // The same app logs other requests (the capture works).
    await t.app.inject({ url: '/api/dares' });
    expect(logLines().length).toBeGreaterThan(before);
    expect(logs.text()).not.toMatch(/healthz|readyz/);
  });

  it('answers 503 naming storage while media cannot be written, one write per few seconds, one log line', async () => {
    const mediaDir = join(t.config.dataDir, 'media');
    // DATA_DIR/media is a file: no upload could be stored (as a full or read-only disk would;
    // tests may run as root, whom file permissions do not stop).
    await rm(mediaDir, { recursive: true, force: true });
    await writeFile(mediaDir, 'in the way');
    advanceClock(STORAGE_CACHE_MS + 1000); // past the last probe's cached 'ok'
    const put = vi.spyOn(t.app.ctx.storage, 'put');
    const logsBefore = logLines().length;

    const burst = await Promise.all(Array.from({ length: 10 }, () => readyz()));
    for (const { status, body } of burst) {
      expect(status).toBe(503);
      expect(body.status).toBe('unready');
      expect(body.checks).toMatchObject({ database: 'ok', migrations: 'ok', jobs: 'ok' });
      expect(body.checks.storage).toMatch(/^failing: cannot write: .+\((ENOTDIR|EEXIST)\)$/);
      expect(body.checks.storage).not.toContain(t.config.dataDir);
    }
    expect(put).toHaveBeenCalledTimes(1);
    // Logged once, when it started failing, with the cause.
    const failing = logLines()
      .slice(logsBefore)
      .filter((line) => line.includes('readiness check failing'));
    expect(failing).toHaveLength(1);
    expect(JSON.parse(failing[0]!)).toMatchObject({ level: 40, check: 'storage' });

    // Mended: answered from the cached result until its window ends, then ready again.
    await rm(mediaDir, { force: true });
    await mkdir(mediaDir);
    expect((await readyz()).body.checks.storage).toMatch(/^failing/);
    advanceClock(STORAGE_CACHE_MS + 1000);
    expect((await readyz()).status).toBe(200);
    expect(put).toHaveBeenCalledTimes(2);
    expect(logs.text()).toContain('readiness check passing again');
  });

  it('answers 503 naming a migration this build has that the database has not applied', async () => {
    const last = expectedMigrations().at(-1)!;
    const removed = await t.app.ctx.db.execute(
      sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${last.when} RETURNING hash`,
    );
    const { hash } = (removed as unknown as { rows: { hash: string }[] }).rows[0]!;
    const { status, body } = await readyz();
    expect(status).toBe(503);
    expect(body.checks).toEqual({
      database: 'ok',
      migrations: `failing: 1 not applied: ${last.tag}`,
      storage: 'ok',
      jobs: 'ok',
    });
    await t.app.ctx.db.execute(
      sql`INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES (${hash}, ${last.when})`,
    );
    expect((await readyz()).status).toBe(200);
  });

  it('answers 503 naming the jobs when the runner has not ticked for over a minute', async () => {
    // The runner gets stuck in a job (it stops draining the queue): it ticks no more.
    await runner?.stop();
    await enqueueJob(t.app.ctx.db, { kind: 'stuck' });
    let started = false;
    runner = createJobRunner(t.app.ctx, {
      periodic: [],
      handlers: {
        stuck: async (_job, env) => {
          started = true;
          await new Promise((resolve) => env.signal.addEventListener('abort', resolve));
          return 'interrupted';
        },
      },
    });
    runner.start();
    await eventually(async () => started, 10_000);
    expect((await readyz()).status).toBe(200); // less than a minute ago

    advanceClock(61_000);
    const { status, body } = await readyz();
    expect(status).toBe(503);
    expect(body.checks).toMatchObject({ database: 'ok', migrations: 'ok', storage: 'ok' });
    const [, seconds] = /^failing: last tick (\d+) s ago$/.exec(body.checks.jobs) ?? [];
    expect(Number(seconds)).toBeGreaterThan(60);
    vi.restoreAllMocks();
    await runner?.stop();
    runner = await startJobRunner(t.app, { periodic: [], handlers: { stuck: async () => {} } });
    expect((await readyz()).status).toBe(200);
  });

  it('answers 503 from both routes once shutdown has begun, before the app closes', async () => {
    t.app.beginShutdown();
    const health = await healthz();
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({ status: 'shutting down' });
    expect(health.headers.connection).toBe('close');
    const { status, body } = await readyz();
    expect(status).toBe(503);
    expect(body.status).toBe('shutting down');
    // Requests in flight are still served meanwhile.
    expect((await t.app.inject({ url: '/api/dares' })).statusCode).toBe(200);
  });
});

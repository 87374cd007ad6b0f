import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobs } from '@/server/db/schema';
import { createJobRunner } from '@/server/jobs/job-runner';
import { enqueueJob } from '@/server/jobs/queue';
import { claimDueJobs, type JobHandlers, runDueJobs } from '@/server/jobs/runner';
import { createTestApp, type TestApp } from '../support/test-app';

const onPostgres = Boolean(process.env.DATABASE_URL);
const SECOND = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
beforeEach(async () => {
  await t.app.ctx.db.delete(jobs);
});

const jobRow = async (id: number) =>
  (await t.app.ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const tick = (now: Date, handlers: JobHandlers, workerId = 'w1') =>
  runDueJobs(t.app.ctx, { now, workerId, handlers, periodic: [] });

describe('runDueJobs', () => {
  it('runs due jobs once, leaves future ones, and dedupes by key', async () => {
    const now = new Date();
    const seen: unknown[] = [];
    const handlers: JobHandlers = { echo: async (job) => void seen.push(job.payload) };
    const first = await enqueueJob(t.app.ctx.db, {
      kind: 'echo',
      payload: { n: 1 },
      runAt: now,
      dedupeKey: 'echo:1',
    });
    expect(await enqueueJob(t.app.ctx.db, { kind: 'echo', dedupeKey: 'echo:1' })).toBeNull();
    const later = await enqueueJob(t.app.ctx.db, {
      kind: 'echo',
      payload: { n: 2 },
      runAt: new Date(now.getTime() + 60 * SECOND),
    });

    expect(await tick(now, handlers)).toMatchObject({ claimed: 1, done: 1 });
    expect(seen).toEqual([{ n: 1 }]);
    expect(await jobRow(first!)).toMatchObject({ status: 'done', attempts: 1, lockedBy: null });
    expect(await tick(now, handlers)).toMatchObject({ claimed: 0 });
    expect(await tick(new Date(now.getTime() + 60 * SECOND), handlers)).toMatchObject({ done: 1 });
    expect(seen).toEqual([{ n: 1 }, { n: 2 }]);
    expect((await jobRow(later!)).status).toBe('done');
  });

  it('retries a failing job with exponential backoff, then fails it with the last error', async () => {
    const now = new Date();
    let calls = 0;
    const handlers: JobHandlers = {
      flaky: async () => {
        calls += 1;
        throw new Error(`boom ${calls}`);
      },
    };
    const id = (await enqueueJob(t.app.ctx.db, { kind: 'flaky', runAt: now, maxAttempts: 3 }))!;

    expect(await tick(now, handlers)).toMatchObject({ retried: 1 });
    expect(await jobRow(id)).toMatchObject({ status: 'queued', attempts: 1, lastError: 'boom 1' });
    expect((await jobRow(id)).runAt.getTime()).toBe(now.getTime() + 30 * SECOND);
    // Not before the backoff: 30 s after the first failure, then 60 s after the second.
    expect(await tick(new Date(now.getTime() + 29 * SECOND), handlers)).toMatchObject({
      claimed: 0,
    });
    const second = new Date(now.getTime() + 30 * SECOND);
    expect(await tick(second, handlers)).toMatchObject({ retried: 1 });
    expect((await jobRow(id)).runAt.getTime()).toBe(second.getTime() + 60 * SECOND);
    expect(await tick(new Date(second.getTime() + 60 * SECOND), handlers)).toMatchObject({
      failed: 1,
    });
    expect(await jobRow(id)).toMatchObject({ status: 'failed', attempts: 3, lastError: 'boom 3' });
    expect(calls).toBe(3);
  });

  it('fails a job of an unknown kind at once', async () => {
    // An explicit runAt: the column's default is the database's clock, finer than a Date.
    const now = new Date();
    const id = (await enqueueJob(t.app.ctx.db, { kind: 'nobody-handles-this', runAt: now }))!;
    expect(await tick(now, {})).toMatchObject({ failed: 1 });
    expect((await jobRow(id)).lastError).toMatch(/no handler/);
  });

  it('recovers a job whose worker died (lock timed out) and runs it again', async () => {
    const now = new Date();
    const id = (await enqueueJob(t.app.ctx.db, { kind: 'echo', runAt: now }))!;
    expect(await claimDueJobs(t.app.ctx.db, { now, workerId: 'dead', limit: 5 })).toHaveLength(1);
    const handlers: JobHandlers = { echo: async () => {} };
    // Within the lock timeout (60 s; a live worker renews its lock every 15 s) the job is
    // left to its worker.
    expect(await tick(new Date(now.getTime() + 45 * SECOND), handlers, 'w2')).toMatchObject({
      recovered: 0,
      claimed: 0,
    });
    const report = await tick(new Date(now.getTime() + 61 * SECOND), handlers, 'w2');
    expect(report).toMatchObject({ recovered: 1, claimed: 1, done: 1 });
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('schedules a recurring job once per slot, whatever the number of runners', async () => {
    const now = new Date('2030-01-01T10:07:00Z');
    const periodic = [{ kind: 'every-15', everyMs: 15 * 60 * SECOND }];
    let runs = 0;
    const handlers: JobHandlers = {
      'every-15': async () => {
        runs += 1;
      },
    };
    await Promise.all(
      ['a', 'b', 'c'].map((workerId) =>
        runDueJobs(t.app.ctx, { now, workerId, handlers, periodic }),
      ),
    );
    await runDueJobs(t.app.ctx, { now, workerId: 'd', handlers, periodic });
    expect(runs).toBe(1);
    const rows = await t.app.ctx.db.select().from(jobs);
    expect(rows.map((row) => row.dedupeKey)).toEqual(['every-15:2030-01-01T10:00:00.000Z']);
  });
});

describe('two runners on one database', () => {
  it.skipIf(!onPostgres)('SKIP LOCKED: rows another transaction holds are skipped', async () => {
    const { db } = t.app.ctx;
    const now = new Date();
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push((await enqueueJob(db, { kind: 'echo', runAt: now }))!);
    await db.transaction(async (tx) => {
      await tx
        .select()
        .from(jobs)
        .where(inArray(jobs.id, ids.slice(0, 3)))
        .for('update');
      // Another connection of the pool: it neither waits for nor takes the locked rows.
      const claimed = await claimDueJobs(db, { now, workerId: 'b', limit: 10 });
      expect(claimed.map((job) => job.id)).toEqual(ids.slice(3));
    });
  });

  it('two runners in parallel run every job exactly once', async () => {
    const { db } = t.app.ctx;
    const now = new Date();
    for (let i = 0; i < 24; i++) await enqueueJob(db, { kind: 'work', runAt: now, payload: { i } });
    const ranBy = new Map<number, string[]>();
    const handlers: JobHandlers = {
      work: async (job, env) => {
        ranBy.set(job.id, [...(ranBy.get(job.id) ?? []), env.workerId]);
        await sleep(5);
      },
    };
    const drain = async (workerId: string) => {
      while (
        (await runDueJobs(t.app.ctx, { now, workerId, handlers, periodic: [], limit: 3 })).claimed
      );
    };
    await Promise.all([drain('w1'), drain('w2')]);
    expect(ranBy.size).toBe(24);
    expect([...ranBy.values()].every((workers) => workers.length === 1)).toBe(true);
    if (onPostgres) expect(new Set([...ranBy.values()].flat())).toEqual(new Set(['w1', 'w2']));
    const [{ done }] = (await db
      .select({ done: sql<number>`count(*) filter (where ${jobs.status} = 'done')::int` })
      .from(jobs)) as [{ done: number }];
    expect(done).toBe(24);
  });
});

describe('createJobRunner', () => {
  it('polls, and stop() waits for the job in progress', async () => {
    let finished = 0;
    const handlers: JobHandlers = {
      slow: async () => {
        await sleep(200);
        finished += 1;
      },
    };
    const runner = createJobRunner(t.app.ctx, { pollMs: 20, handlers, periodic: [] });
    runner.start();
    const id = (await enqueueJob(t.app.ctx.db, { kind: 'slow' }))!;
    for (let i = 0; i < 100 && (await jobRow(id)).status !== 'running'; i++) await sleep(10);
    await runner.stop();
    expect(finished).toBe(1);
    expect((await jobRow(id)).status).toBe('done');
  });
});

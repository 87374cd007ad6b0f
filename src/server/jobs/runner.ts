import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { PaymentGateway } from '../adapters/payments/gateway';
import { dropFeedPages } from '../caches';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { dueBy } from '../db/due-by';
import { jobs } from '../db/schema';
import {
  defaultJobHandlers,
  JOBS_KEEPING_FEED_CACHES,
  PERIODIC_JOBS,
  type PeriodicJob,
} from './handlers';
import { enqueueJob, type JobRow } from './queue';
import { periodicSlot, retryDelayMs } from './schedule';

/** What a handler gets besides its job. `now` is the tick's clock, injectable in tests. */
export type JobEnv = {
  ctx: AppContext;
  now: Date;
  workerId: string;
  /** Fires when the runner stops: long handlers return early (they must be idempotent). */
  signal: AbortSignal;
  /** Tests pass a simulated gateway with its own clock; else the app's gateway. */
  gateway?: PaymentGateway;
  /** How long a sliced job (a settlement) works before it returns 'continue'; tests shorten it. */
  sliceMs?: number;
};
/**
 * Runs one job. A handler that stopped early because `env.signal` fired returns
 * 'interrupted': the job goes back to the queue without using up an attempt. One that used
 * up its time slice with work left returns 'continue' (a big dare's settlement): it is run
 * again after CONTINUE_DELAY_MS, also without using up an attempt, and the jobs due
 * meanwhile run first.
 */
export type JobHandler = (job: JobRow, env: JobEnv) => Promise<unknown>;
export type JobHandlers = Record<string, JobHandler>;

export type TickOptions = {
  workerId: string;
  now?: Date;
  /** Jobs claimed per tick. */
  limit?: number;
  handlers?: JobHandlers;
  /** Recurring jobs to schedule for the current slot ([] for none). */
  periodic?: readonly PeriodicJob[];
  /** A job 'running' for longer than this is taken to be lost with its worker. */
  lockTimeoutMs?: number;
  signal?: AbortSignal;
  gateway?: PaymentGateway;
  sliceMs?: number;
};

export type TickReport = {
  recovered: number;
  claimed: number;
  done: number;
  retried: number;
  failed: number;
  /** Jobs that ended a time slice with work left ('continue'), queued again. */
  continued: number;
};

/**
 * A running job's lock is renewed every LOCK_RENEW_MS while its handler works, so a lock
 * older than the timeout means its worker is gone (killed, crashed): the job is taken
 * again within a minute, not ten, and a long settlement is never taken from a live worker.
 */
export const DEFAULT_LOCK_TIMEOUT_MS = 60 * 1000;
export const LOCK_RENEW_MS = 15 * 1000;
/** How soon a job that returned 'continue' is due again. */
export const CONTINUE_DELAY_MS = 1000;
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * One deterministic pass of the runner: recover lost jobs, schedule this slot's recurring
 * jobs, claim the due ones (FOR UPDATE SKIP LOCKED: instances sharing the database claim
 * disjoint jobs) and run them one by one. A failure is retried with backoff until
 * max_attempts, then the job is failed with its last error.
 */
export async function runDueJobs(ctx: AppContext, options: TickOptions): Promise<TickReport> {
  const now = options.now ?? new Date();
  const handlers = options.handlers ?? defaultJobHandlers;
  const signal = options.signal ?? new AbortController().signal;
  const recovered = await recoverStuckJobs(
    ctx.db,
    now,
    options.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS,
  );
  for (const job of options.periodic ?? PERIODIC_JOBS) {
    await enqueueJob(ctx.db, {
      kind: job.kind,
      ...periodicSlot(job.kind, job.everyMs, now),
      maxAttempts: 3,
    });
  }
  await ctx.db
    .delete(jobs)
    .where(
      and(eq(jobs.status, 'done'), lt(jobs.runAt, new Date(now.getTime() - KEEP_FINISHED_MS))),
    );

  const claimed = await claimDueJobs(ctx.db, {
    now,
    workerId: options.workerId,
    limit: options.limit ?? 10,
  });
  const report: TickReport = {
    recovered,
    claimed: claimed.length,
    done: 0,
    retried: 0,
    failed: 0,
    continued: 0,
  };
  const env: JobEnv = {
    ctx,
    now,
    workerId: options.workerId,
    signal,
    gateway: options.gateway,
    sliceMs: options.sliceMs,
  };
  for (const job of claimed) {
    if (signal.aborted) {
      await release(ctx.db, job, options.workerId, now);
      continue;
    }
    const outcome = await runOne(job, env, handlers);
    report[outcome] += 1;
  }
  // Jobs change dares (expiry, settlement): this instance does not wait for the NOTIFY.
  if (claimed.some((job) => !JOBS_KEEPING_FEED_CACHES.has(job.kind))) dropFeedPages(ctx.caches);
  return report;
}

/** Claims up to `limit` due jobs for `workerId` in one statement; rows others hold are skipped. */
export async function claimDueJobs(
  db: Db,
  { now, workerId, limit }: { now: Date; workerId: string; limit: number },
): Promise<JobRow[]> {
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, 'queued'), dueBy(jobs.runAt, now)))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(jobs)
    .set({
      status: 'running',
      lockedAt: now,
      lockedBy: workerId,
      attempts: sql`${jobs.attempts} + 1`,
      updatedAt: now,
    })
    .where(and(inArray(jobs.id, due), eq(jobs.status, 'queued')))
    .returning();
  return rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);
}

/**
 * Jobs whose worker died mid-run (its lock is older than the timeout) go back to the queue,
 * or fail if that was their last attempt: the attempt was counted when it was claimed.
 */
export async function recoverStuckJobs(db: Db, now: Date, lockTimeoutMs: number): Promise<number> {
  const rows = await db
    .update(jobs)
    .set({
      status: sql`CASE WHEN ${jobs.attempts} >= ${jobs.maxAttempts} THEN 'failed' ELSE 'queued' END::job_status`,
      lastError: sql`'lock timed out (worker ' || coalesce(${jobs.lockedBy}, '?') || ')'`,
      lockedAt: null,
      lockedBy: null,
      runAt: now,
      updatedAt: now,
    })
    .where(
      and(eq(jobs.status, 'running'), lt(jobs.lockedAt, new Date(now.getTime() - lockTimeoutMs))),
    )
    .returning({ id: jobs.id });
  return rows.length;
}

async function runOne(
  job: JobRow,
  env: JobEnv,
  handlers: JobHandlers,
): Promise<'done' | 'retried' | 'failed' | 'continued'> {
  const { db } = env.ctx;
  // Only the worker that holds the job may finish it: after a lock timeout it may be
  // someone else's, and this worker's late answer must not overwrite theirs.
  const mine = and(
    eq(jobs.id, job.id),
    eq(jobs.lockedBy, env.workerId),
    eq(jobs.status, 'running'),
  );
  const handler = handlers[job.kind];
  let result: unknown;
  const renew = setInterval(() => {
    db.update(jobs)
      .set({ lockedAt: new Date() })
      .where(mine)
      .catch((error: unknown) => env.ctx.log.warn({ err: error, jobId: job.id }, 'lock renewal'));
  }, LOCK_RENEW_MS);
  renew.unref();
  try {
    if (!handler) throw new Error(`no handler for job kind '${job.kind}'`);
    result = await handler(job, env);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const final = !handler || job.attempts >= job.maxAttempts;
    env.ctx.log.error({ err: error, jobId: job.id, kind: job.kind }, 'job failed');
    await db
      .update(jobs)
      .set({
        status: final ? 'failed' : 'queued',
        runAt: final ? job.runAt : new Date(env.now.getTime() + retryDelayMs(job.attempts)),
        lastError: message.slice(0, 2000),
        lockedAt: null,
        lockedBy: null,
        updatedAt: new Date(),
      })
      .where(mine);
    return final ? 'failed' : 'retried';
  } finally {
    clearInterval(renew);
  }
  if (result === 'continue') {
    // From the slice's end (its run took real time), not the tick's start: a job queued
    // during the slice is due before this one comes back.
    const from = Math.max(env.now.getTime(), Date.now());
    await release(db, job, env.workerId, new Date(from + CONTINUE_DELAY_MS));
    return 'continued';
  }
  if (result === 'interrupted') {
    // Stopped early for shutdown: run it again later, and that was not a real try.
    await release(db, job, env.workerId, env.now);
    return 'retried';
  }
  await db
    .update(jobs)
    .set({ status: 'done', lockedAt: null, lockedBy: null, updatedAt: new Date() })
    .where(mine);
  return 'done';
}

/** Hands a claimed job back (shutdown, a slice used up), due at `runAt`, without counting the attempt. */
async function release(db: Db, job: JobRow, workerId: string, runAt: Date) {
  await db
    .update(jobs)
    .set({
      status: 'queued',
      attempts: sql`${jobs.attempts} - 1`,
      lockedAt: null,
      lockedBy: null,
      runAt,
      updatedAt: new Date(),
    })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')));
}

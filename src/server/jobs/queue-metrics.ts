import { and, eq, lte, sql } from 'drizzle-orm';
import { Gauge } from 'prom-client';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import type { AppMetrics } from '../metrics/app-metrics';
import { scrapeQuery } from '../metrics/scrape-query';
import { defaultJobHandlers } from './handlers';

export type DueJobs = { kind: string; due: number; oldestAgeSeconds: number };

/**
 * The due jobs per kind, and how long the oldest has waited: one statement over the
 * (status, run_at) index that reads only the due rows, so a scrape stays cheap whatever the
 * number of deadlines scheduled for later. Ages use the database's clock, as run_at does.
 */
export async function readDueJobs(db: Db): Promise<DueJobs[]> {
  return db
    .select({
      kind: jobs.kind,
      due: sql<number>`count(*)::int`,
      oldestAgeSeconds: sql<number>`extract(epoch from now() - min(${jobs.runAt}))::float8`,
    })
    .from(jobs)
    .where(and(eq(jobs.status, 'queued'), lte(jobs.runAt, sql`now()`)))
    .groupBy(jobs.kind);
}

/**
 * darefund_job_queue_depth and darefund_job_queue_oldest_due_age_seconds per kind, read at
 * scrape time (decision 0051): a queue that stops draining shows as both growing. Every kind
 * the runner handles is reported, 0 when none is due; the age only while one is.
 */
export function registerJobQueueMetrics(metrics: AppMetrics, db: Db) {
  const read = scrapeQuery(metrics, 'job_queue', () => readDueJobs(db));
  const registers = [metrics.registry];
  new Gauge({
    name: 'darefund_job_queue_depth',
    help: 'Queued jobs that are due (run_at passed) and wait for a runner, by kind',
    labelNames: ['kind'],
    registers,
    async collect() {
      const rows = await read();
      this.reset();
      if (!rows) return;
      for (const kind of Object.keys(defaultJobHandlers)) this.set({ kind }, 0);
      for (const row of rows) this.set({ kind: row.kind }, row.due);
    },
  });
  new Gauge({
    name: 'darefund_job_queue_oldest_due_age_seconds',
    help: 'How long the oldest due job of each kind has been waiting past its run_at',
    labelNames: ['kind'],
    registers,
    async collect() {
      const rows = await read();
      this.reset();
      for (const row of rows ?? []) this.set({ kind: row.kind }, Math.max(0, row.oldestAgeSeconds));
    },
  });
}

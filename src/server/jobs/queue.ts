import type { Db, Tx } from '../db/client';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;

export type NewJob = {
  kind: string;
  payload?: Record<string, unknown>;
  /** Not before this moment (default: now). */
  runAt?: Date;
  /** Same key = same job: a second enqueue with it is a no-op (deadlines, periodic slots). */
  dedupeKey?: string;
  maxAttempts?: number;
};

/**
 * Adds a job; pass a transaction to enqueue together with the change that calls for it.
 * Returns the new job's id, or null when a job with the same dedupeKey already exists.
 */
export async function enqueueJob(db: Db | Tx, job: NewJob): Promise<number | null> {
  const [row] = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload ?? {},
      ...(job.runAt ? { runAt: job.runAt } : {}),
      ...(job.dedupeKey ? { dedupeKey: job.dedupeKey } : {}),
      ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return row?.id ?? null;
}

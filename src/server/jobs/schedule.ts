/**
 * The job runner's timing rules as pure functions (unit-tested without a database).
 */

/** First retry after 30 s, then doubling: 30 s, 1 min, 2 min, ... capped at an hour. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60 * 1000;

/**
 * How long to wait before the next try of a job that failed its `attempts`-th attempt.
 * Exponential so a broken dependency is not hammered, capped so a job recovers within the
 * hour once it works again.
 */
export function retryDelayMs(attempts: number): number {
  const exponent = Math.max(0, Math.min(attempts - 1, 30));
  return Math.min(RETRY_BASE_MS * 2 ** exponent, RETRY_MAX_MS);
}

/**
 * A recurring job's occurrence at `now`: the start of its slot and a dedupe key naming it.
 * Every runner computes the same key for the same slot, so the unique dedupe key lets any
 * number of instances schedule it while exactly one job per slot exists.
 */
export function periodicSlot(
  kind: string,
  everyMs: number,
  now: Date,
): { runAt: Date; dedupeKey: string } {
  const start = Math.floor(now.getTime() / everyMs) * everyMs;
  return { runAt: new Date(start), dedupeKey: `${kind}:${new Date(start).toISOString()}` };
}

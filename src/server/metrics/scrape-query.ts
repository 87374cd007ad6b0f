import type { AppMetrics } from './app-metrics';

/** A scrape waits this long for the database at most; Prometheus' own timeout is 10 s. */
export const SCRAPE_QUERY_TIMEOUT_MS = 2000;

/**
 * A database read behind gauges, made at scrape time. It never throws and never holds a
 * scrape up: after SCRAPE_QUERY_TIMEOUT_MS, or on any error (the database is down), it
 * answers null, the gauges it feeds leave their series out, and
 * darefund_metrics_collector_up{collector} says 0. The gauges of one scrape are collected
 * at once, so they share the read in flight: one query per collector and scrape.
 */
export function scrapeQuery<T>(
  metrics: AppMetrics,
  collector: string,
  query: () => Promise<T>,
): () => Promise<T | null> {
  let inFlight: Promise<T | null> | null = null;
  const read = () => {
    inFlight ??= withTimeout(query(), SCRAPE_QUERY_TIMEOUT_MS)
      .catch(() => null)
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
  metrics.scrapeReads.set(collector, read);
  return read;
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

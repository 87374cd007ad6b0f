import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { registerOutboxMetrics } from '../jobs/outbox-metrics';
import { registerJobQueueMetrics } from '../jobs/queue-metrics';

/** Seconds; an upload or a slow gateway call can take many. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * The app's Prometheus metrics (decision 0051), on a Registry of its own: never prom-client's
 * global one, so the many apps an integration test process builds each count their own.
 * What services record into (counters, histograms) is here; gauges read at scrape time are
 * registered by their owners: the database pool below, jobs/queue-metrics,
 * jobs/outbox-metrics, live/register.
 */
export type AppMetrics = {
  registry: Registry;
  /** The database reads of this scrape by collector name (scrape-query.ts). */
  scrapeReads: Map<string, () => Promise<unknown>>;
  http: {
    duration: Histogram<'method' | 'route' | 'status_code'>;
    inFlight: Gauge;
  };
  gateway: {
    duration: Histogram<'operation'>;
    errors: Counter<'operation' | 'kind'>;
  };
  pledges: {
    authorized: Counter;
    captured: Counter;
    released: Counter<'reason'>;
    failed: Counter<'reason'>;
    renewals: Counter<'result'>;
  };
  outbox: {
    sent: Counter;
    sendFailures: Counter<'result'>;
  };
};

export type AppMetricsOptions = {
  database: Pick<Database, 'db' | 'poolStats'>;
  /** prom-client's default process metrics (event-loop lag, CPU, memory, GC, handles). */
  processMetrics: boolean;
};

export function createAppMetrics({ database, processMetrics }: AppMetricsOptions): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const metrics: AppMetrics = {
    registry,
    scrapeReads: new Map(),
    http: {
      duration: new Histogram({
        name: 'darefund_http_request_duration_seconds',
        help: 'HTTP requests answered, by method, route pattern (unmatched: none) and status',
        labelNames: ['method', 'route', 'status_code'],
        buckets: DURATION_BUCKETS,
        registers,
      }),
      inFlight: new Gauge({
        name: 'darefund_http_requests_in_flight',
        help: 'HTTP requests being handled, open live event streams included',
        registers,
      }),
    },
    gateway: {
      duration: new Histogram({
        name: 'darefund_payment_gateway_call_duration_seconds',
        help: 'Payment gateway calls (simulated or Stripe), by operation, failed ones included',
        labelNames: ['operation'],
        buckets: DURATION_BUCKETS,
        registers,
      }),
      errors: new Counter({
        name: 'darefund_payment_gateway_errors_total',
        help: 'Payment gateway calls that failed, by operation and kind (card, request, provider, unexpected)',
        labelNames: ['operation', 'kind'],
        registers,
      }),
    },
    pledges: {
      authorized: new Counter({
        name: 'darefund_pledges_authorized_total',
        help: 'Pledges whose card hold was placed and counted toward their dare (committed)',
        registers,
      }),
      captured: new Counter({
        name: 'darefund_pledges_captured_total',
        help: 'Pledges charged when their dare completed (committed)',
        registers,
      }),
      released: new Counter({
        name: 'darefund_pledges_released_total',
        help: 'Pledges released (committed), by reason: release (dare ended), cancel (the pledger), drop (card not fixed)',
        labelNames: ['reason'],
        registers,
      }),
      failed: new Counter({
        name: 'darefund_pledges_failed_total',
        help: 'Pledges that failed (committed), by reason: decline, capture_failed',
        labelNames: ['reason'],
        registers,
      }),
      renewals: new Counter({
        name: 'darefund_pledge_hold_renewals_total',
        help: 'Hold renewals recorded (committed), by result: ok, failed',
        labelNames: ['result'],
        registers,
      }),
    },
    outbox: {
      sent: new Counter({
        name: 'darefund_outbox_sent_total',
        help: 'Emails the outbox drain handed to the SMTP server',
        registers,
      }),
      sendFailures: new Counter({
        name: 'darefund_outbox_send_failures_total',
        help: 'Emails the SMTP server refused or could not take, by result: retried (later), dead (given up)',
        labelNames: ['result'],
        registers,
      }),
    },
  };

  registerPoolMetrics(metrics, database);
  registerJobQueueMetrics(metrics, database.db);
  registerOutboxMetrics(metrics, database.db);
  registerCollectorHealth(metrics);
  return metrics;
}

/**
 * The Postgres pool (db/postgres.ts), read from memory at scrape time. With PGlite there is
 * no pool: the series are absent rather than 0, which would claim an idle pool.
 */
function registerPoolMetrics(metrics: AppMetrics, database: Pick<Database, 'poolStats'>) {
  const stats = database.poolStats;
  if (!stats) return;
  const registers = [metrics.registry];
  new Gauge({
    name: 'darefund_db_pool_connections',
    help: 'Open connections of the database pool, by state: in_use, idle',
    labelNames: ['state'],
    registers,
    collect() {
      const { total, idle } = stats();
      this.set({ state: 'in_use' }, total - idle);
      this.set({ state: 'idle' }, idle);
    },
  });
  new Gauge({
    name: 'darefund_db_pool_waiting_queries',
    help: 'Queries waiting for a pool connection',
    registers,
    collect() {
      this.set(stats().waiting);
    },
  });
  new Gauge({
    name: 'darefund_db_pool_max_connections',
    help: 'The most connections the pool opens',
    registers,
    collect() {
      this.set(stats().max);
    },
  });
}

/** Whether each database read of the scrape answered: its gauges are left out when not. */
function registerCollectorHealth(metrics: AppMetrics) {
  new Gauge({
    name: 'darefund_metrics_collector_up',
    help: '1 when the collector read the database at this scrape; 0 when it failed or timed out (its series are then left out)',
    labelNames: ['collector'],
    registers: [metrics.registry],
    async collect() {
      for (const [collector, read] of metrics.scrapeReads) {
        this.set({ collector }, (await read()) === null ? 0 : 1);
      }
    },
  });
}

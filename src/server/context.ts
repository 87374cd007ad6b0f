import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from './adapters/mail/mailer';
import type { MediaStorage } from './adapters/media/storage';
import type { AppCaches } from './caches';
import type { Config } from './config';
import type { Db } from './db/client';
import type { JobHeartbeat } from './jobs/heartbeat';
import type { AppMetrics } from './metrics/app-metrics';

/** What every service receives: the app's configured parts, nothing request-specific. */
export type AppContext = {
  config: Config;
  db: Db;
  storage: MediaStorage;
  /** SMTP when SMTP_URL is set; null: email stays in the outbox (decision 0020). */
  mailer: Mailer | null;
  log: FastifyBaseLogger;
  /** Shared in-memory caches, dropped through LISTEN/NOTIFY (decision 0027). */
  caches: AppCaches;
  /** Beaten by a job runner started on this context (main.ts); read by /readyz. */
  jobHeartbeat: JobHeartbeat;
  /** This app's Prometheus registry and the counters services record into (decision 0051). */
  metrics: AppMetrics;
};

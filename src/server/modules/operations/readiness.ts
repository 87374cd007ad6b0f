import type { FastifyBaseLogger } from 'fastify';
import { READINESS_CHECKS, type ReadinessCheck } from '@/contracts/operations';
import type { MediaStorage } from '../../adapters/media/storage';
import type { Database } from '../../db/client';
import type { JobHeartbeat } from '../../jobs/heartbeat';
import { checkMigrationsApplied, expectedMigrations } from './applied-migrations';
import { boundedProbe } from './bounded-probe';
import type { CheckOutcome } from './check-outcome';
import { storageWriteProbe } from './storage-probe';

/** A database that does not answer `select 1` within this is failing (a probe never hangs). */
export const DATABASE_TIMEOUT_MS = 2000;
/** Writing the storage probe: local disk or S3, which may be slower than the database. */
export const STORAGE_TIMEOUT_MS = 2000;
/** A burst of probes (several load balancers, each every few seconds) writes once per window. */
export const STORAGE_CACHE_MS = 5000;
/** Issue 22: the job runner must have ticked within the last minute. */
export const JOB_TICK_MAX_AGE_MS = 60_000;

export type ReadinessReport = { ready: boolean; checks: Record<ReadinessCheck, string> };

type ReadinessOptions = {
  database: Database;
  storage: MediaStorage;
  jobHeartbeat: JobHeartbeat;
  /** JOBS_POLL_MS: a runner polling slower than every 30 s is given two polls. */
  jobsPollMs: number;
  log: FastifyBaseLogger;
};

/**
 * What /readyz answers (decision 0050): the database answers, this build's migrations are
 * applied, media storage takes a write, and the job runner ticked lately. The expected
 * migrations are read once, here. A check that changes between passing and failing is
 * logged once (with its error); probes themselves log nothing.
 */
export function createReadiness(options: ReadinessOptions) {
  const migrations = expectedMigrations();
  const database = boundedProbe(() => options.database.ping(DATABASE_TIMEOUT_MS), {
    timeoutMs: DATABASE_TIMEOUT_MS,
  });
  const migrationsApplied = boundedProbe(
    () => checkMigrationsApplied(options.database.db, migrations),
    { timeoutMs: DATABASE_TIMEOUT_MS },
  );
  const storage = boundedProbe(storageWriteProbe(options.storage), {
    timeoutMs: STORAGE_TIMEOUT_MS,
    cacheMs: STORAGE_CACHE_MS,
  });
  const maxTickAgeMs = Math.max(JOB_TICK_MAX_AGE_MS, 2 * options.jobsPollMs);
  const logChange = changeLogger(options.log);

  return async function readiness(): Promise<ReadinessReport> {
    const [databaseOutcome, storageOutcome] = await Promise.all([database(), storage()]);
    const outcomes: Record<ReadinessCheck, CheckOutcome> = {
      database: databaseOutcome,
      migrations: databaseOutcome.ok
        ? await migrationsApplied()
        : { ok: false, reason: 'not checked: the database is failing' },
      storage: storageOutcome,
      jobs: jobsTicked(options.jobHeartbeat.lastTickAt(), maxTickAgeMs),
    };
    for (const name of READINESS_CHECKS) logChange(name, outcomes[name]);
    const checks = Object.fromEntries(
      READINESS_CHECKS.map((name) => {
        const outcome = outcomes[name];
        return [name, outcome.ok ? 'ok' : `failing: ${outcome.reason}`];
      }),
    ) as Record<ReadinessCheck, string>;
    return { ready: READINESS_CHECKS.every((name) => outcomes[name].ok), checks };
  };
}

/** main.ts starts the runner on the app's context; buildApp alone (tests, tools) has none. */
export function jobsTicked(lastTickAt: number | null, maxAgeMs: number): CheckOutcome {
  if (lastTickAt === null) return { ok: false, reason: 'no job runner has ticked in this process' };
  const ageMs = performance.now() - lastTickAt;
  if (ageMs <= maxAgeMs) return { ok: true };
  return { ok: false, reason: `last tick ${Math.round(ageMs / 1000)} s ago` };
}

/** Logs a check when it starts failing and when it passes again, never per probe. */
function changeLogger(log: FastifyBaseLogger) {
  const failing = new Set<ReadinessCheck>();
  return (name: ReadinessCheck, outcome: CheckOutcome) => {
    if (!outcome.ok && !failing.has(name)) {
      failing.add(name);
      log.warn(
        { check: name, reason: outcome.reason, err: outcome.error },
        'readiness check failing',
      );
    } else if (outcome.ok && failing.delete(name)) {
      log.info({ check: name }, 'readiness check passing again');
    }
  };
}

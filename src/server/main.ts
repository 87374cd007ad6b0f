import { buildApp } from './app';
import { ConfigError, loadConfig, mailerWarning, publicUrlWarning } from './config';
import { type Database, openDatabase } from './db/client';
import { databaseConnectionMessage } from './db/connection-error';
import { runMigrations } from './db/migrate';
import { createJobRunner } from './jobs/job-runner';
import { fatalLine } from './lib/log-redaction';
import { startMetricsListener } from './metrics/metrics-routes';
import { backfillAchievementsOnce } from './modules/achievements/backfill';
import { removeStaleSpoolDirs } from './modules/media/spool-dirs';
import {
  demoImageApplies,
  demoImageKey,
  findDemoImage,
  reviveDemoImageIfPending,
  serverBuildId,
} from './seed/demo-image';
import { renameLegacyDemoAddresses } from './seed/legacy-demo-addresses';
import { seedDemoIfEmpty } from './seed/seed';
import { startupClock } from './startup-clock';
import { webBuildFinished } from './web-build-gate';

/** Starts the server: config, database, migrations, demo seed, listen, graceful shutdown. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const clock = startupClock();
  const demoImage = demoImageOf(config);
  let database: Database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      seededImage: demoImage,
    });
  } catch (error) {
    if (!config.databaseUrl) throw error;
    console.error(databaseConnectionMessage(error, config.databaseUrl));
    process.exit(1);
  }
  clock.step(`database (${database.origin ?? database.kind})`);
  await runMigrations(database);
  // Demo accounts of an install seeded before they moved to a reserved domain (decision 0030).
  await renameLegacyDemoAddresses(database.db);
  clock.step('migrations');
  // The app reads the built web files at listen(), not before (app.ts): a first `npm start`
  // may still be building them, so the demo seed runs beside the build.
  const app = await buildApp({ config, database });
  clock.step('app');
  const publicUrlUnset = publicUrlWarning(config);
  if (publicUrlUnset) app.log.warn(publicUrlUnset);
  const noMailer = mailerWarning(config);
  if (noMailer) app.log.warn(noMailer);
  // A cluster from the demo image (now, or by a start that stopped before it was done).
  await reviveDemoImageIfPending(app.ctx);
  if (config.seedDemo) await seedDemoIfEmpty(app.ctx);
  clock.step('seed');
  // Achievements existing history already earns (and the demo seed's), once per database.
  if (await backfillAchievementsOnce(database.db)) app.log.info('achievements backfilled');
  // Spool folders of uploads cut off by a crash or kill would otherwise stay forever.
  const staleSpools = await removeStaleSpoolDirs();
  if (staleSpools > 0) app.log.info({ staleSpools }, 'removed spool folders of earlier runs');
  // Background jobs (hold renewal, payout retries) run in the server process only; its ticks
  // beat app.ctx.jobHeartbeat, which /readyz reads.
  const jobRunner = createJobRunner(app.ctx, { pollMs: config.jobsPollMs });

  let metricsListener: Awaited<ReturnType<typeof startMetricsListener>> | null = null;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // At once: /healthz and /readyz answer 503 so the load balancer stops sending requests.
    app.beginShutdown();
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // Stop the process even if something hangs, but give requests a fair chance to finish.
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      // The runner first: its current job finishes while the database is still open.
      await jobRunner.stop();
      await metricsListener?.close();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  // METRICS_PORT: /metrics without a token, for this machine only (decision 0051). Before
  // the app's own port: a port already taken stops the start before anyone is served.
  if (config.metrics.port !== undefined) {
    metricsListener = await startMetricsListener(app.ctx.metrics, config.metrics.port);
    app.log.info(`metrics at http://127.0.0.1:${config.metrics.port}/metrics`);
  }
  await webBuildFinished();
  clock.step('waiting for the web build');
  await app.listen({ port: config.port, host: config.host });
  jobRunner.start();
  clock.step('listen');
  app.log.info({ startupMs: clock.summary() }, 'started');
  app.log.info(`Darefund is running at ${config.publicUrl} (database: ${database.kind})`);
}

/** The demo image `npm install` made for this build and these settings, if any (decision 0061). */
function demoImageOf(config: ReturnType<typeof loadConfig>): string | undefined {
  const buildId = serverBuildId(import.meta.url);
  if (!buildId || !demoImageApplies(config)) return undefined;
  return findDemoImage(demoImageKey(buildId, config));
}

// Whatever stops the process is printed without secrets (a raw error prints query parameters).
const stop = (error: unknown) => {
  console.error(fatalLine(error));
  process.exit(1);
};
process.on('uncaughtException', stop);
process.on('unhandledRejection', stop);
main().catch(stop);

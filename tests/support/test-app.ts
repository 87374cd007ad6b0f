import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '@/server/app';
import { type Config, loadConfig } from '@/server/config';
import { openDatabase } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { createTestDatabase, dropTestDatabase } from './test-database';

export type TestApp = { app: FastifyInstance; config: Config; close: () => Promise<void> };

/**
 * The real app on a fresh migrated database (PGlite in memory, or a new database on the
 * Postgres server when DATABASE_URL is set) with its own temporary DATA_DIR.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logStream?: DestinationStream } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'darefund-test-'));
  const databaseUrl = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    SEED_DEMO: 'false',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: databaseUrl ? dataDir : 'memory://',
    poolSize: 20,
    // PGlite: from the migrated image (made once when missing), not initdb for every app:
    // about 0.4 s instead of 2-5 s of CPU per test app (decision 0057).
    image: 'ensure',
  });
  await runMigrations(database);
  const app = await buildApp({ config, database, logStream: options.logStream });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await dropTestDatabase(databaseUrl);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * For a test that starts a whole app or server process of its own (migrations included)
 * inside the test: that alone can take half a minute on a busy two-core machine, more than
 * the integration project's 30 s per test.
 */
export const APP_START_TIMEOUT = 120_000;

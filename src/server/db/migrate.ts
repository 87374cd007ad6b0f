import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { fromRoot } from '../lib/project-root';
import type { Database } from './client';

const migrationsFolder = fromRoot('drizzle');
const MIGRATION_LOCK_ID = 7428311;

/**
 * Applies pending SQL migrations. On Postgres several instances may start at once, so the
 * migration runs on its own connection holding an advisory lock.
 */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the driver-specific type was erased in Db
    await migratePglite(database.db as any, { migrationsFolder });
    return;
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePg(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

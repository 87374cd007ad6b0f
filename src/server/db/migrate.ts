import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { fromRoot } from '../lib/project-root';
import type { Database } from './client';

const migrationsFolder = fromRoot('drizzle');

/**
 * Applies pending SQL migrations. On Postgres several instances may start at once, so the
 * migration runs on its own connection holding an advisory lock (postgres.ts).
 */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the driver-specific type was erased in Db
    await migratePglite(database.db as any, { migrationsFolder });
    return;
  }
  const { migratePostgres } = await import('./postgres');
  await migratePostgres(database.url!, migrationsFolder);
}

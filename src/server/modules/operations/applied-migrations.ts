import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fromRoot } from '../../lib/project-root';
import { CheckFailure } from './check-outcome';

export type ExpectedMigration = { tag: string; when: number };

/**
 * The migrations this build ships (drizzle/meta/_journal.json), read once at startup. Drizzle
 * records each applied one in drizzle.__drizzle_migrations with the journal's `when` as
 * created_at, which identifies it (db/migrate.ts applies them through drizzle's migrator).
 */
export function expectedMigrations(folder = fromRoot('drizzle')): ExpectedMigration[] {
  const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as {
    entries: ExpectedMigration[];
  };
  return journal.entries.map(({ tag, when }) => ({ tag, when }));
}

/**
 * Fails naming the migrations of this build the database has not applied. Rows the build
 * does not know are fine: during a rolling deploy a newer instance migrates first, and the
 * older ones keep serving (migrations only add).
 */
export async function checkMigrationsApplied(db: Db, expected: ExpectedMigration[]) {
  const result = (await db.execute(
    sql`SELECT created_at FROM drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { created_at: number | string }[] };
  const applied = new Set(result.rows.map((row) => Number(row.created_at)));
  const missing = expected.filter((migration) => !applied.has(migration.when));
  if (missing.length === 0) return;
  const names = missing.map((migration) => migration.tag);
  const shown = names.length > 3 ? [...names.slice(0, 3), `${names.length - 3} more`] : names;
  throw new CheckFailure(`${missing.length} not applied: ${shown.join(', ')}`);
}

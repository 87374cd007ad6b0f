import { sql } from 'drizzle-orm';
import type { Db } from './client';

export const REFRESH_STATISTICS_JOB = 'refresh-statistics';

/**
 * PGlite runs no autovacuum, so nothing ever ANALYZEs its tables and the planner keeps
 * guessing from empty statistics (the issue measured the feed at half speed after 2,000 new
 * dares until an ANALYZE). This is autovacuum's analyze rule, approximated with what PGlite
 * does keep: a table is analyzed when it was never analyzed and holds data, or when its size
 * on disk moved by more than 10 % (and 4 pages) since the last ANALYZE recorded it in
 * pg_class.relpages. PGlite's cumulative statistics (n_mod_since_analyze) stay at zero, so
 * they cannot be used. Postgres servers have autovacuum: callers run this on PGlite only.
 *
 * Returns the tables analyzed.
 */
export async function refreshStaleStatistics(db: Db): Promise<string[]> {
  // Both drivers answer raw SQL with { rows }.
  const result = (await db.execute(sql`
    SELECT c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    CROSS JOIN LATERAL (
      SELECT pg_relation_size(c.oid) / current_setting('block_size')::int AS pages
    ) now
    WHERE n.nspname = 'public' AND c.relkind = 'r'
      AND (
        (c.reltuples < 0 AND now.pages > 0)
        OR abs(now.pages - c.relpages) > greatest(4, c.relpages / 10)
      )
    ORDER BY c.relname`)) as unknown as { rows: { name: string }[] };
  const names = result.rows.map((row) => row.name);
  for (const name of names) {
    // One table at a time: PGlite has one connection, so requests wait behind each ANALYZE.
    await db.execute(sql`ANALYZE ${sql.identifier(name)}`);
  }
  return names;
}

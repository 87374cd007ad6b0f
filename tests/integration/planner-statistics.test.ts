import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_STATISTICS_JOB, refreshStaleStatistics } from '@/server/db/planner-statistics';
import { PERIODIC_JOBS } from '@/server/jobs/handlers';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/** PGlite has no autovacuum: the app keeps the planner's statistics fresh itself. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const estimate = async (table: string) => {
  const result = (await t.app.ctx.db.execute(
    sql`SELECT reltuples::float8 AS reltuples FROM pg_class WHERE relname = ${table}`,
  )) as unknown as { rows: { reltuples: number }[] };
  return Number(result.rows[0]!.reltuples);
};

describe('planner statistics', () => {
  it('analyzes a table once it grew, so the planner knows how many dares there are', async () => {
    const { user } = await registerUser(t.app);
    await refreshStaleStatistics(t.app.ctx.db);
    await t.app.ctx.db.execute(sql`INSERT INTO dares (creator_id, title, description,
        target_amount_cents, status, category, content_rating, pitch_video, dare_type, taker_id, expires_at)
      SELECT ${user.id}, 'Grown ' || n, 'A dare that makes the table grow', 500, 'active', 'Other', 'PG',
        '/media/demo/x.mp4', 'self', ${user.id}, now() + interval '7 days'
      FROM generate_series(1, 2000) AS n`);

    expect(await refreshStaleStatistics(t.app.ctx.db)).toContain('dares');
    expect(await estimate('dares')).toBeGreaterThanOrEqual(1900);
    // Nothing changed since: nothing to analyze again.
    expect(await refreshStaleStatistics(t.app.ctx.db)).not.toContain('dares');
  });

  it('runs every minute as a periodic job', () => {
    expect(PERIODIC_JOBS).toContainEqual({ kind: REFRESH_STATISTICS_JOB, everyMs: 60_000 });
  });
});

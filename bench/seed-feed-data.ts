import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';
import { hashPassword } from '../src/server/modules/auth/password';

export const BENCH_PASSWORD = 'bench-password';

/**
 * Bulk data for the feed benchmarks, generated inside the database: `users` people,
 * `dareCount` dares spread back in time one minute apart in every status, and
 * `pledgeCount` authorized pledges, with each dare's currentAmount and pledgeCount equal
 * to its pledges. Returns the counts and a person with pledges on many dares.
 */
export async function seedFeedData(
  database: Database,
  sizes = { users: 1000, dareCount: 10_000, pledgeCount: 100_000 },
) {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO users (email, username, password_hash, display_name)
      SELECT 'bench' || n || '@example.com', 'bench' || n, ${passwordHash}, 'Bench User ' || n
      FROM generate_series(1, ${sizes.users}) AS n`);
    await tx.execute(insertDaresSql(1, sizes.dareCount, sizes.users));
    await tx.execute(sql`INSERT INTO pledges (user_id, dare_id, amount_cents, status, authorized_at, created_at)
      SELECT u.id, d.id, 500 + (n % 20) * 100, 'authorized', now() - (n % 2880 || ' minutes')::interval, now()
      FROM generate_series(1, ${sizes.pledgeCount}) AS n
      JOIN dares d ON d.title = 'Bench dare ' || (1 + (n::bigint * 7919) % ${sizes.dareCount})
      JOIN users u ON u.username = 'bench' || (1 + (n::bigint * 104729) % ${sizes.users})`);
    await tx.execute(sql`UPDATE dares SET current_amount_cents = totals.cents, pledge_count = totals.n
      FROM (SELECT dare_id, sum(amount_cents) AS cents, count(*) AS n FROM pledges GROUP BY dare_id) totals
      WHERE totals.dare_id = dares.id`);
  });
  await database.db.execute(sql`ANALYZE`);
  return {
    dares: sizes.dareCount,
    pledges: sizes.pledgeCount,
    pledgerEmail: 'bench7@example.com',
  };
}

/** More dares (numbers `from`..`to`), older than the ones before, for the growth bench. */
export async function addFeedDares(database: Database, from: number, to: number, users = 1000) {
  await database.db.execute(insertDaresSql(from, to, users));
  await database.db.execute(sql`ANALYZE dares`);
}

function insertDaresSql(from: number, to: number, users: number) {
  return sql`INSERT INTO dares (creator_id, title, description, target_amount_cents, status,
        category, content_rating, pitch_video, cover_image, dare_type, taker_id, expires_at, created_at)
      SELECT u.id, 'Bench dare ' || n, 'A generated dare for the feed benchmark number ' || n,
        500 + (n % 200) * 100, (ARRAY['pending','active','active','active'])[1 + n % 4]::dare_status,
        (ARRAY['Comedy','Physical','Food','Skill','Social','Creativity','Charity','Other'])[1 + n % 8]::dare_category,
        'PG', '/media/demo/ice-bucket-challenge.mp4', '/media/demo/ice-bucket-challenge.jpg', 'self', u.id,
        now() + interval '7 days', now() - (n || ' minutes')::interval
      FROM generate_series(${from}::int, ${to}::int) AS n
      JOIN users u ON u.username = 'bench' || (1 + n % ${users})`;
}

import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS } from '@/server/modules/moderation/visibility-sql';
import { dareSearchQuery } from '@/server/modules/search/dare-search';
import { peopleSearchQuery } from '@/server/modules/search/people-search';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Search at 100,000 dares (issue 12 item 7): the queries must use the full-text and
 * trigram indexes and answer quickly. The data is made by single INSERT ... SELECT
 * statements so the file stays fast on PGlite too.
 */
const DARES = 100_000;
const USERS = 20_000;
const onPostgres = !!process.env.DATABASE_URL;
/** Median per search through HTTP (rate limit included); PGlite is single-threaded WASM. */
const BOUND_MS = onPostgres ? 300 : 1500;
const RUNS = 5;
/** Usernames are 'u' + the start of md5(i): varied like real ones. */
const USERNAME_4321 = `u${createHash('md5').update('4321').digest('hex').slice(0, 10)}`;

const GIN_INDEXES = ['dares_search_document_idx', 'dares_title_trgm_idx', 'users_names_trgm_idx'];

const rowsOf = (result: unknown) => (result as { rows: Array<Record<string, unknown>> }).rows;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.ctx.db;
  // Loading 100,000 rows into the GIN indexes one by one takes a while (PGlite most of
  // all); building them afterwards is much faster. The definitions are the migration's own,
  // read back from the database before the indexes are dropped.
  const definitions: string[] = [];
  for (const index of GIN_INDEXES) {
    const result = await db.execute(sql`SELECT pg_get_indexdef(${index}::regclass) AS sql`);
    definitions.push(String(rowsOf(result)[0]!.sql));
    await db.execute(sql.raw(`DROP INDEX ${index}`));
  }
  await db.execute(sql`
    INSERT INTO users (email, username, display_name, password_hash)
    SELECT 'scale' || i || '@example.com', 'u' || substr(md5(i::text), 1, 10),
      (ARRAY['Alex', 'Jordan', 'Taylor', 'Morgan', 'Casey', 'Riley', 'Jamie', 'Avery'])[1 + i % 8]
        || ' ' || (ARRAY['Smith', 'Garcia', 'Kowalski', 'Nguyen', 'Okafor', 'Larsen', 'Haddad'])[1 + (i / 8) % 7]
        || CASE WHEN i = 4321 THEN ' Quixotic' ELSE '' END,
      'x'
    FROM generate_series(1, ${USERS}) AS i`);
  await db.execute(sql`
    INSERT INTO dares (creator_id, title, description, target_amount_cents, status, category,
      pitch_video, taker_id, expires_at, created_at)
    SELECT u.first + i % ${USERS},
      (ARRAY['Backflip', 'Sing', 'Dance', 'Climb', 'Juggle', 'Paint', 'Swim', 'Cook', 'Run',
        'Skate', 'Whistle', 'Draw', 'Knit', 'Bake', 'Shout', 'Hike', 'Surf', 'Rap', 'Sketch',
        'Cartwheel'])[1 + i % 20]
        || ' ' || (ARRAY['at', 'on', 'in', 'by', 'near'])[1 + i % 5] || ' the '
        || (ARRAY['lake', 'station', 'mall', 'roof', 'park', 'bridge', 'beach', 'office', 'bus',
        'library', 'market', 'stadium', 'harbor', 'museum', 'garden', 'cafe', 'school', 'tower',
        'square', 'forest', 'river', 'castle', 'airport', 'zoo', 'arcade'])[1 + (i / 20) % 25]
        || ' #' || i,
      (ARRAY['I will do it in front of everyone for a whole minute',
        'Filmed from start to finish with no cuts at all',
        'Only if we reach the goal before the weekend is over',
        'My friends said I would never dare to try this one',
        'Every dollar goes to the local animal shelter afterwards',
        'Wearing a full costume the entire time, no breaks',
        'Doing it twice if we pass the target by double'])[1 + i % 7]
        || CASE WHEN i % 10000 = 7 OR i = 50003 THEN ' in Zanzibar' ELSE '' END,
      500 + (i % 100) * 100,
      (CASE WHEN i % 10 = 3 THEN 'failed' ELSE 'active' END)::dare_status,
      'Social', '/media/demo/x.mp4', u.first + i % ${USERS},
      now() + interval '7 days', now() - make_interval(secs => i)
    FROM generate_series(1, ${DARES}) AS i, (SELECT min(id) AS first FROM users) AS u`);
  for (const definition of definitions) await db.execute(sql.raw(definition));
  await db.execute(sql`ANALYZE users`);
  await db.execute(sql`ANALYZE dares`);
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function plan(query: { getSQL: () => SQL }): Promise<string> {
  const result = await t.app.ctx.db.execute(sql`EXPLAIN ${query.getSQL()}`);
  return rowsOf(result)
    .map((row) => String(row['QUERY PLAN']))
    .join('\n');
}

let address = 0;
/** Median time of a search through HTTP, and its first answer. */
async function timeSearch(q: string, type: 'people' | 'dares') {
  const times: number[] = [];
  let body: { items: Array<{ id: number; title?: string; username?: string }> } | undefined;
  for (let run = 0; run < RUNS; run++) {
    address += 1;
    const started = performance.now();
    const response = await t.app.inject({
      url: `/api/search?${new URLSearchParams({ q, type, limit: '20' })}`,
      remoteAddress: `10.9.${address >> 8}.${address & 255}`,
    });
    times.push(performance.now() - started);
    expect(response.statusCode).toBe(200);
    body ??= response.json();
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(RUNS / 2)]!;
  console.log(`search ${type} "${q}" at ${DARES} dares: median ${median.toFixed(1)} ms`);
  return { median, body: body! };
}

const params = (query: string, typos = false) => ({
  query,
  offset: 0,
  limit: 21,
  typos,
  audience: ANONYMOUS,
});

describe(`search at ${DARES} dares (${onPostgres ? 'Postgres' : 'PGlite'})`, () => {
  it('finds dares through the full-text and trigram indexes, never a scan of all dares', async () => {
    // Rare words: the GIN index finds the few matches.
    for (const query of ['zanzibar', 'backflip lake']) {
      const explained = await plan(dareSearchQuery(t.app.ctx, params(query))!);
      expect(explained, query).not.toMatch(/Seq Scan on dares/);
      expect(explained, query).toMatch(/dares_search_document_idx/);
    }
    // Common words: either index, never the whole table (the newest matches are ranked).
    for (const query of ['cartwh', 'near', 'the']) {
      const explained = await plan(dareSearchQuery(t.app.ctx, params(query))!);
      expect(explained, query).not.toMatch(/Seq Scan on dares/);
      expect(explained, query).toMatch(/dares_search_document_idx|dares_created_idx/);
    }
    const typo = await plan(dareSearchQuery(t.app.ctx, params('backflp', true))!);
    expect(typo).not.toMatch(/Seq Scan on dares/);
    expect(typo).toMatch(/dares_title_trgm_idx/);
  });

  it('keeps no GIN pending list, which would be scanned by every search', async () => {
    const result = await t.app.ctx.db.execute(
      sql`SELECT relname, reloptions FROM pg_class WHERE relname IN ${GIN_INDEXES} ORDER BY relname`,
    );
    const options = rowsOf(result).map((row) => [row.relname, row.reloptions]);
    expect(options).toEqual([...GIN_INDEXES].sort().map((index) => [index, ['fastupdate=off']]));
  });

  it('finds people through the prefix and trigram indexes', async () => {
    const prefix = await plan(peopleSearchQuery(t.app.ctx, params(USERNAME_4321.slice(0, 2)))!);
    expect(prefix).toMatch(/users_username_prefix_idx/);
    expect(prefix).not.toMatch(/Seq Scan on users/);
    const wide = await plan(peopleSearchQuery(t.app.ctx, params('quixot'))!);
    expect(wide).toMatch(/users_names_trgm_idx/);
    expect(wide).not.toMatch(/Seq Scan on users/);
    const typo = await plan(peopleSearchQuery(t.app.ctx, params('quixotik', true))!);
    expect(typo).toMatch(/users_names_trgm_idx/);
    expect(typo).not.toMatch(/Seq Scan on users/);
  });

  it('answers dare searches quickly', async () => {
    const rare = await timeSearch('zanzibar', 'dares');
    // Eleven dares say Zanzibar; the failed one among them is not public.
    expect(rare.body.items).toHaveLength(10);
    const twoWords = await timeSearch('backflip lake', 'dares');
    expect(twoWords.body.items).toHaveLength(20);
    for (const item of twoWords.body.items) expect(item.title).toMatch(/^Backflip .* lake #/);
    const prefix = await timeSearch('cartwh', 'dares');
    expect(prefix.body.items[0]!.title).toMatch(/^Cartwheel/);
    const typo = await timeSearch('backflp', 'dares');
    expect(typo.body.items[0]!.title).toMatch(/^Backflip/);
    // A word in every fifth title: thousands of matches, still ranked within the bound.
    const common = await timeSearch('near', 'dares');
    expect(common.body.items).toHaveLength(20);
    // "the" is in every dare: the worst case, all 90,000 public dares ranked.
    const everywhere = await timeSearch('the', 'dares');
    expect(everywhere.body.items).toHaveLength(20);
    for (const result of [rare, twoWords, prefix, typo, common, everywhere]) {
      expect(result.median).toBeLessThan(BOUND_MS);
    }
  }, 60_000);

  it('answers people searches quickly', async () => {
    const prefix = await timeSearch(USERNAME_4321.slice(0, 6), 'people');
    expect(prefix.body.items[0]!.username).toBe(USERNAME_4321);
    const name = await timeSearch('quixot', 'people');
    expect(name.body.items.map((p) => p.username)).toEqual([USERNAME_4321]);
    const typo = await timeSearch('quixotik', 'people');
    expect(typo.body.items.map((p) => p.username)).toEqual([USERNAME_4321]);
    const manyTypos = await timeSearch('kowalsky', 'people');
    expect(manyTypos.body.items).toHaveLength(20);
    for (const result of [prefix, name, typo, manyTypos]) {
      expect(result.median).toBeLessThan(BOUND_MS);
    }
  }, 60_000);
});

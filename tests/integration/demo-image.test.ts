import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentGateway } from '@/server/adapters/payments/create-gateway';
import { buildApp } from '@/server/app';
import { type Config, loadConfig } from '@/server/config';
import { type Db, openDatabase } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { defaultImagePlace, type ImagePlace, writeImage } from '@/server/db/pglite-image';
import { backfillAchievementsOnce } from '@/server/modules/achievements/backfill';
import { checkLedgerIntegrity } from '@/server/modules/funding/ledger-check';
import { DEMO_PASSWORD, DEMO_USERS } from '@/server/seed/demo-data';
import {
  demoImageApplies,
  demoImageKey,
  findDemoImage,
  reviveDemoImageIfPending,
  writeDemoImage,
} from '@/server/seed/demo-image';
import { makeDemoImage } from '@/server/seed/make-demo-image';
import { seedDemoIfEmpty } from '@/server/seed/seed';
import { APP_START_TIMEOUT } from '../support/test-app';

/**
 * Decision 0061: a first start loads the demo world `npm install` seeded (the demo image)
 * instead of seeding it. What the start then serves must be what a seed would have made.
 * PGlite only: the image is a PGlite cluster.
 */
const HOUR = 3_600_000;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function scratchDir(prefix: string) {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function configFor(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    SEED_DEMO: 'true',
    ...env,
  });
}

/**
 * An app on a database in `dataDir` (new, started from `imagePath`; or already there), as
 * main.ts starts one: migrations, the app, the revival when pending. `beforeRevival` runs
 * on the database just before it.
 */
async function startFromImage(
  imagePath: string,
  options: { dataDir?: string; beforeRevival?: (db: Db) => Promise<unknown> } = {},
) {
  const dataDir = options.dataDir ?? (await scratchDir('darefund-demo-start-'));
  const database = await openDatabase({ dataDir, seededImage: imagePath });
  await runMigrations(database);
  const app = await buildApp({ config: configFor(dataDir), database });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await database.close();
  };
  cleanups.push(close);
  await options.beforeRevival?.(database.db);
  const revived = await reviveDemoImageIfPending(app.ctx);
  return { app, database, revived, close };
}

/** The demo image's mark: its seed time, or undefined once revived. */
async function seededMark(db: Db): Promise<number | undefined> {
  const result = (await db.execute(
    sql`SELECT seeded_at_ms AS at FROM demo_image_revival`,
  )) as unknown as Rows<{ at: number }>;
  return result.rows[0] && Number(result.rows[0].at);
}

/** An app on a new database the demo seed runs in, as a first start without the image. */
async function startWithSeed() {
  const dataDir = await scratchDir('darefund-demo-seed-');
  const database = await openDatabase({ dataDir: 'memory://', image: 'ensure' });
  cleanups.push(() => database.close());
  await runMigrations(database);
  const app = await buildApp({ config: configFor(dataDir), database });
  cleanups.push(() => app.close());
  await seedDemoIfEmpty(app.ctx);
  await backfillAchievementsOnce(database.db);
  return { app, database };
}

type Rows<T> = { rows: T[] };

async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = (await db.execute(sql`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`)) as unknown as Rows<{
    name: string;
  }>;
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const result = (await db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(name)}`,
    )) as unknown as Rows<{ n: number }>;
    counts[name] = result.rows[0]!.n;
  }
  return counts;
}

/** Per timestamp column with values: how many, and the sum of their epoch milliseconds. */
async function timestampSums(db: Db) {
  const columns = (await db.execute(sql`
    SELECT c.table_name AS t, c.column_name AS c
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      AND c.data_type = 'timestamp with time zone'
    ORDER BY 1, 2`)) as unknown as Rows<{ t: string; c: string }>;
  const sums = new Map<string, { n: number; sumMs: number }>();
  for (const { t, c } of columns.rows) {
    const result = (await db.execute(sql`
      SELECT count(${sql.identifier(c)})::int AS n,
        coalesce(sum(extract(epoch FROM ${sql.identifier(c)}) * 1000), 0)::float8 AS "sumMs"
      FROM ${sql.identifier(t)}`)) as unknown as Rows<{ n: number; sumMs: number }>;
    const row = result.rows[0]!;
    if (row.n > 0) sums.set(`${t}.${c}`, { n: row.n, sumMs: Number(row.sumMs) });
  }
  return sums;
}

type FeedDare = {
  title: string;
  status: string;
  currentAmount: number;
  pledgeCount: number;
  createdAt: string;
  expiresAt: string;
  coverImage: string;
};

async function feed(app: FastifyInstance): Promise<FeedDare[]> {
  const response = await app.inject({ method: 'GET', url: '/api/dares?limit=50' });
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: FeedDare[] }).items;
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('the demo image (decision 0061)', () => {
  let place: ImagePlace;
  let image: string;

  beforeAll(async () => {
    place = {
      migrationsFolder: defaultImagePlace.migrationsFolder,
      cacheDir: await scratchDir('darefund-demo-cache-'),
    };
    const makerDir = await scratchDir('darefund-demo-maker-');
    const path = await makeDemoImage(configFor(makerDir), 'build-a', place);
    expect(findDemoImage(demoImageKey('build-a', configFor(makerDir), place), place)).toBe(path);
    image = path;
  }, APP_START_TIMEOUT);

  it(
    'a start from it serves what a start that seeds serves',
    async () => {
      const loaded = await startFromImage(image);
      expect(loaded.database.origin).toBe('demo image');
      expect(loaded.revived).toBe(true);
      const seeded = await startWithSeed();

      expect(await rowCounts(loaded.database.db)).toEqual(await rowCounts(seeded.database.db));

      // The same dares in the same order, as old and as far from their deadlines.
      const fromImage = await feed(loaded.app);
      const fromSeed = await feed(seeded.app);
      expect(fromImage.length).toBeGreaterThan(3);
      const shape = (dare: FeedDare) => ({
        title: dare.title,
        status: dare.status,
        currentAmount: dare.currentAmount,
        pledgeCount: dare.pledgeCount,
      });
      expect(fromImage.map(shape)).toEqual(fromSeed.map(shape));
      fromImage.forEach((dare, index) => {
        const twin = fromSeed[index]!;
        expect(Math.abs(Date.parse(dare.createdAt) - Date.parse(twin.createdAt))).toBeLessThan(
          60_000,
        );
        expect(Math.abs(Date.parse(dare.expiresAt) - Date.parse(twin.expiresAt))).toBeLessThan(
          60_000,
        );
      });

      // The demo media were copied into this install's storage.
      const cover = await loaded.app.inject({ method: 'GET', url: fromImage[0]!.coverImage });
      expect(cover.statusCode).toBe(200);

      // A demo account signs in with the demo password.
      const login = await loaded.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { origin: 'http://localhost:3000' },
        payload: { email: DEMO_USERS[0]!.email, password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(200);

      // The books and the gateway's holds agree, as after a seed.
      const report = await checkLedgerIntegrity(loaded.database.db, {
        gateway: createPaymentGateway({ db: loaded.database.db, config: configFor('/tmp') }),
      });
      expect(report.problems).toEqual([]);
      expect(report.livePledges).toBeGreaterThan(0);
    },
    APP_START_TIMEOUT,
  );

  it(
    'every time in it moves forward by the time since it was seeded',
    async () => {
      // As if the image were six hours older than it is.
      const asMade = await openDatabase({ dataDir: 'memory://', seededImage: image });
      cleanups.push(() => asMade.close());
      const before = await timestampSums(asMade.db);
      const seededAt = (await seededMark(asMade.db))!;
      expect(seededAt).toBeGreaterThan(0);

      // As if the image were six hours older than it is.
      const olderSeededAt = seededAt - 6 * HOUR;
      const startedAt = Date.now();
      const loaded = await startFromImage(image, {
        beforeRevival: (db) =>
          db.execute(sql`UPDATE demo_image_revival SET seeded_at_ms = ${olderSeededAt}`),
      });
      const revivedAt = Date.now();
      expect(await seededMark(loaded.database.db)).toBeUndefined();
      const after = await timestampSums(loaded.database.db);

      for (const column of [
        'dares.created_at',
        'dares.expires_at',
        'jobs.run_at',
        'pledges.capture_before',
      ]) {
        expect(before.has(column), column).toBe(true);
      }
      expect([...after.keys()]).toEqual([...before.keys()]);
      for (const [column, { n, sumMs }] of before) {
        const moved = after.get(column)!;
        expect(moved.n, column).toBe(n);
        const shift = (moved.sumMs - sumMs) / n;
        // Microsecond sums as floats: a millisecond of slack either way.
        expect(shift, column).toBeGreaterThanOrEqual(startedAt - olderSeededAt - 1);
        expect(shift, column).toBeLessThanOrEqual(revivedAt - olderSeededAt + 1);
      }
    },
    APP_START_TIMEOUT,
  );

  it(
    'a cluster that already exists ignores it',
    async () => {
      const dataDir = await scratchDir('darefund-demo-existing-');
      const first = await openDatabase({ dataDir });
      expect(first.origin).toBe('image');
      await first.close();
      const again = await openDatabase({ dataDir, seededImage: image });
      cleanups.push(() => again.close());
      expect(again.origin).toBe('existing');
      const users = (await again.db.execute(
        sql`SELECT count(*)::int AS n FROM users`,
      )) as unknown as Rows<{ n: number }>;
      expect(users.rows[0]!.n).toBe(0);
    },
    APP_START_TIMEOUT,
  );

  it(
    'a start stopped before the revival was done is revived by the next one, once',
    async () => {
      const dataDir = await scratchDir('darefund-demo-stopped-');
      // The cluster is in place, then the start stops before its revival commits.
      const first = await openDatabase({ dataDir, seededImage: image });
      expect(first.origin).toBe('demo image');
      await first.close();

      const again = await startFromImage(image, { dataDir });
      expect(again.database.origin).toBe('existing');
      expect(again.revived).toBe(true);
      expect(await seededMark(again.database.db)).toBeUndefined();
      const cover = (await feed(again.app))[0]!.coverImage;
      expect((await again.app.inject({ method: 'GET', url: cover })).statusCode).toBe(200);
      await again.close();

      const third = await startFromImage(image, { dataDir });
      expect(third.revived).toBe(false);
    },
    APP_START_TIMEOUT,
  );

  it('is used only where it holds what the start would seed', async () => {
    const dir = await scratchDir('darefund-demo-config-');
    const base = configFor(dir);
    expect(demoImageApplies(base)).toBe(true);
    expect(demoImageApplies(configFor(dir, { SEED_DEMO: 'false' }))).toBe(false);
    expect(demoImageApplies(configFor(dir, { DATABASE_URL: 'postgres://x@127.0.0.1/x' }))).toBe(
      false,
    );
    expect(demoImageApplies(configFor(dir, { STRIPE_SECRET_KEY: 'sk_test_x' }))).toBe(false);

    // Another build, public address or fee is another image: the start seeds instead.
    const key = demoImageKey('build-a', base, place);
    expect(demoImageKey('build-b', base, place)).not.toBe(key);
    expect(
      demoImageKey('build-a', configFor(dir, { PUBLIC_URL: 'https://dares.example' }), place),
    ).not.toBe(key);
    expect(demoImageKey('build-a', configFor(dir, { PLATFORM_FEE_BPS: '700' }), place)).not.toBe(
      key,
    );
    expect(findDemoImage(demoImageKey('build-b', base, place), place)).toBeUndefined();
  });

  it('a new demo image replaces the old one, and the migrated image leaves it alone', async () => {
    const cacheDir = await scratchDir('darefund-demo-files-');
    const files: ImagePlace = { migrationsFolder: place.migrationsFolder, cacheDir };
    const old = await writeDemoImage(new Blob(['old']), 'aaaa', files);
    const made = await writeDemoImage(new Blob(['new']), 'bbbb', files);
    expect(findDemoImage('aaaa', files)).toBeUndefined();
    expect(findDemoImage('bbbb', files)).toBe(made);
    expect(old).not.toBe(made);
    // A stale migrated image is removed by a new one; the demo image stays.
    await writeFile(join(cacheDir, 'pglite-0123456789abcdef.tar'), 'stale');
    await writeImage(new Blob(['migrated']), files);
    expect(findDemoImage('bbbb', files)).toBe(made);
  });
});

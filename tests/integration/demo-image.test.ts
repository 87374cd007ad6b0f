import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
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
  reviveDemoImage,
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

/** An app on a new database started from `imagePath` into its own DATA_DIR, revived. */
async function startFromImage(imagePath: string, seededAt: number) {
  const dataDir = await scratchDir('darefund-demo-start-');
  const database = await openDatabase({ dataDir, seededImage: imagePath });
  cleanups.push(() => database.close());
  await runMigrations(database);
  const app = await buildApp({ config: configFor(dataDir), database });
  cleanups.push(() => app.close());
  if (database.origin === 'demo image') await reviveDemoImage(app.ctx, seededAt);
  return { app, database };
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
  let image: { path: string; seededAt: number };

  beforeAll(async () => {
    place = {
      migrationsFolder: defaultImagePlace.migrationsFolder,
      cacheDir: await scratchDir('darefund-demo-cache-'),
    };
    const makerDir = await scratchDir('darefund-demo-maker-');
    const path = await makeDemoImage(configFor(makerDir), 'build-a', place);
    const found = findDemoImage(demoImageKey('build-a', configFor(makerDir), place), place);
    expect(found?.path).toBe(path);
    image = found!;
  }, APP_START_TIMEOUT);

  it(
    'a start from it serves what a start that seeds serves',
    async () => {
      const loaded = await startFromImage(image.path, image.seededAt);
      expect(loaded.database.origin).toBe('demo image');
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
      const olderSeededAt = image.seededAt - 6 * HOUR;
      const olderPath = image.path.replace(`-${image.seededAt}.tar`, `-${olderSeededAt}.tar`);
      const asMade = await openDatabase({ dataDir: 'memory://', seededImage: image.path });
      cleanups.push(() => asMade.close());
      const before = await timestampSums(asMade.db);
      await rename(image.path, olderPath);
      cleanups.push(() => rename(olderPath, image.path));

      const startedAt = Date.now();
      const loaded = await startFromImage(olderPath, olderSeededAt);
      const revivedAt = Date.now();
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
      const again = await openDatabase({ dataDir, seededImage: image.path });
      cleanups.push(() => again.close());
      expect(again.origin).toBe('existing');
      const users = (await again.db.execute(
        sql`SELECT count(*)::int AS n FROM users`,
      )) as unknown as Rows<{ n: number }>;
      expect(users.rows[0]!.n).toBe(0);
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
    const old = await writeDemoImage(new Blob(['old']), 'aaaa', 1000, files);
    const made = await writeDemoImage(new Blob(['new']), 'bbbb', 2000, files);
    expect(findDemoImage('aaaa', files)).toBeUndefined();
    expect(findDemoImage('bbbb', files)).toEqual({ path: made, seededAt: 2000 });
    expect(old).not.toBe(made);
    // A stale migrated image is removed by a new one; the demo image stays.
    await writeFile(join(cacheDir, 'pglite-0123456789abcdef.tar'), 'stale');
    await writeImage(new Blob(['migrated']), files);
    expect(findDemoImage('bbbb', files)).toEqual({ path: made, seededAt: 2000 });
  });
});

// Growth (issue 14, target 6), on Postgres: the feed's first and tenth page latency at
// 10,000, 100,000 and 1,000,000 dares (keyset pagination should keep them flat), then the
// throughput of two app instances on one Postgres against one. The pages are timed twice:
// through HTTP (what a client waits for; mostly the shared caches of decisions 0027/0028)
// and as the page query alone, uncached (what grows with the data; the flatness check).
// `npm run bench:growth`
// (after `npm run build`, with DATABASE_URL). BENCH_GROWTH_MAX caps the largest size.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../src/server/context';
import { type Database, openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { users } from '../src/server/db/schema';
import { feedPage } from '../src/server/modules/dares/feed-queries';
import { toPage } from '../src/server/modules/dares/service';
import { createTestDatabase, dropTestDatabase } from '../tests/support/test-database';
import { type AppServer, signIn, startAppServer } from './lib/app-server';
import { type BenchRow, isMain, num, printRows, row } from './lib/report';
import { addFeedDares, BENCH_PASSWORD, seedFeedData } from './seed-feed-data';

const AREA = '6 Growth';
const SIZES = [10_000, 100_000, 1_000_000].filter(
  (size) => size <= Number(process.env.BENCH_GROWTH_MAX ?? 1_000_000),
);
const SAMPLES = 40;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Flat: the tenth page of the largest size within this factor of the smallest's. */
const FLAT_FACTOR = 2;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

/** Median latency of `url` over SAMPLES sequential requests, after a few to warm up. */
async function latency(url: string, cookie?: string): Promise<number> {
  const headers = cookie ? { cookie } : undefined;
  const times: number[] = [];
  for (let i = 0; i < SAMPLES + 5; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    if (i >= 5) times.push(performance.now() - started);
  }
  return median(times);
}

/** The address of the tenth page, walked through nine nextCursor links. */
async function tenthPage(feed: string, cookie?: string): Promise<string> {
  let url = feed;
  for (let page = 1; page < 10; page++) {
    const body = await (await fetch(url, { headers: cookie ? { cookie } : undefined })).json();
    url = `${feed}?cursor=${body.nextCursor}`;
  }
  return url;
}

/**
 * The page query and its read views, in process and uncached: median over SAMPLES runs of
 * the first and the tenth page (walked by nextCursor), for a visitor and for `viewerId`.
 */
async function queryLatencies(database: Database, viewerId: number) {
  const ctx = { db: database.db } as AppContext;
  const page = async (viewer: number | undefined, cursor?: string) => {
    const query = { viewerId: viewer, mature: false, limit: 10, cursor };
    return toPage(ctx, await feedPage(ctx, query), viewer);
  };
  const timed = async (viewer: number | undefined, cursor?: string) => {
    const times: number[] = [];
    for (let i = 0; i < SAMPLES + 5; i++) {
      const started = performance.now();
      await page(viewer, cursor);
      if (i >= 5) times.push(performance.now() - started);
    }
    return median(times);
  };
  const tenthCursor = async (viewer: number | undefined) => {
    let cursor: string | undefined;
    for (let n = 1; n < 10; n++) cursor = (await page(viewer, cursor)).nextCursor ?? undefined;
    return cursor;
  };
  return {
    'anonymous page 1': await timed(undefined),
    'anonymous page 10': await timed(undefined, await tenthCursor(undefined)),
    'signed-in page 1': await timed(viewerId),
    'signed-in page 10': await timed(viewerId, await tenthCursor(viewerId)),
  };
}

async function throughput(servers: AppServer[], cookie: string, connections: number) {
  const results = await Promise.all(
    servers.map((server) =>
      autocannon({
        url: `${server.base}/api/dares`,
        headers: { cookie },
        connections: Math.max(1, Math.round(connections / servers.length)),
        duration: SECONDS,
      }),
    ),
  );
  if (results.some((r) => r.non2xx > 0 || r.errors > 0)) throw new Error('errors under load');
  return results.reduce((sum, r) => sum + r.requests.average, 0);
}

export async function run(): Promise<BenchRow[]> {
  if (!process.env.DATABASE_URL) {
    return [row(AREA, 'growth figures (Postgres)', 'skipped: set DATABASE_URL', '', false)];
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'darefund-bench-growth-'));
  const databaseUrl = await createTestDatabase();
  const servers: AppServer[] = [];
  const rows: BenchRow[] = [];
  try {
    const database = await openDatabase({ databaseUrl, dataDir });
    await runMigrations(database);
    const seeded = await seedFeedData(database, {
      users: 1000,
      dareCount: SIZES[0]!,
      pledgeCount: 100_000,
    });
    const [viewer] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, seeded.pledgerEmail));
    const tenth: { size: number; signedIn: number }[] = [];
    let count = SIZES[0]!;
    for (const size of SIZES) {
      if (size > count) {
        const started = performance.now();
        await addFeedDares(database, count + 1, size);
        console.log(
          `[growth] grew to ${num(size)} dares in ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
        count = size;
      }
      const server = await startAppServer({ port: 3970, dataDir, databaseUrl });
      try {
        const feed = `${server.base}/api/dares`;
        const cookie = await signIn(server.base, seeded.pledgerEmail, BENCH_PASSWORD);
        const http = {
          'anonymous page 1': await latency(feed),
          'anonymous page 10': await latency(await tenthPage(feed)),
          'signed-in page 1': await latency(feed, cookie),
          'signed-in page 10': await latency(await tenthPage(feed, cookie), cookie),
        };
        const query = await queryLatencies(database, viewer!.id);
        tenth.push({ size, signedIn: query['signed-in page 10'] });
        for (const [name, ms] of Object.entries(http)) {
          const label = `${num(size)} dares: ${name} over HTTP, median of ${SAMPLES}`;
          rows.push(row(AREA, label, `${ms.toFixed(1)} ms`));
        }
        for (const [name, ms] of Object.entries(query)) {
          const label = `${num(size)} dares: ${name}, query alone (uncached), median of ${SAMPLES}`;
          rows.push(row(AREA, label, `${ms.toFixed(1)} ms`));
        }
      } finally {
        await server.stop();
      }
    }
    const first = tenth[0]!;
    const last = tenth.at(-1)!;
    rows.push(
      row(
        AREA,
        `signed-in page 10, query alone: ${num(last.size)} vs ${num(first.size)} dares`,
        `x${(last.signedIn / first.signedIn).toFixed(2)}`,
        `<= x${FLAT_FACTOR} (flat)`,
        last.signedIn / first.signedIn <= FLAT_FACTOR,
      ),
    );

    await database.close();
    servers.push(await startAppServer({ port: 3971, dataDir, databaseUrl }));
    servers.push(await startAppServer({ port: 3972, dataDir, databaseUrl }));
    const cookie = await signIn(servers[0]!.base, seeded.pledgerEmail, BENCH_PASSWORD);
    await throughput(servers.slice(0, 1), cookie, 4); // warm-up
    const one = await throughput(servers.slice(0, 1), cookie, 20);
    const two = await throughput(servers, cookie, 20);
    rows.push(
      row(
        AREA,
        `signed-in first page, 20 connections at ${num(count)} dares: two instances / one`,
        `x${(two / one).toFixed(2)} (${num(two)} vs ${num(one)} req/s; 2 cores shared with Postgres)`,
      ),
    );
    return rows;
  } finally {
    for (const server of servers) await server.stop();
    await dropTestDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) printRows('Growth', await run());

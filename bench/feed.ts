// The feed API (issue 14, target 1): GET /api/dares on 10,000 dares and 100,000 pledges,
// each figure as a share of a bare node:http server answering the same bytes from memory,
// measured in the same run. PGlite always; Postgres when DATABASE_URL is set.
// `npm run bench:feed` (after `npm run build`). BENCH_SECONDS (10) per measurement;
// BENCH_PROFILE=<dir> starts the app servers with --cpu-prof into that folder.
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { createTestDatabase, dropTestDatabase } from '../tests/support/test-database';
import { type AppServer, type LoadResult, load, signIn, startAppServer } from './lib/app-server';
import { type BenchRow, isMain, num, pct, printRows, row } from './lib/report';
import { BENCH_PASSWORD, seedFeedData } from './seed-feed-data';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const AREA = '1 Feed API';

type Kind = 'pglite' | 'postgres';

/** The bare baseline: node:http sending `body` for every request, in its own process. */
async function bareBaseline(body: Buffer, dir: string, port: number): Promise<LoadResult> {
  const file = join(dir, 'page.json');
  writeFileSync(file, body);
  const bare = fork('bench/bare-server.mjs', [file, String(port)]);
  await new Promise((resolve) => bare.once('message', resolve));
  try {
    return await load(`http://127.0.0.1:${port}/`, { connections: CONNECTIONS, seconds: SECONDS });
  } finally {
    bare.kill('SIGTERM');
    await new Promise((resolve) => bare.once('exit', resolve));
  }
}

type Case = { name: string; path: (nextCursor: string) => string; signedIn: boolean };

const CASES: Record<Kind, { target: number; cases: Case[] }[]> = {
  pglite: [
    { target: 0.3, cases: [{ name: 'anonymous first page', path: () => '', signedIn: false }] },
  ],
  postgres: [
    { target: 0.5, cases: [{ name: 'anonymous first page', path: () => '', signedIn: false }] },
    {
      target: 0.2,
      cases: [
        { name: 'signed-in first page (pledged first)', path: () => '', signedIn: true },
        { name: 'anonymous second page', path: (c) => `?cursor=${c}`, signedIn: false },
        { name: 'signed-in second page', path: (c) => `?cursor=${c}`, signedIn: true },
      ],
    },
  ],
};

async function benchDatabase(kind: Kind, port: number): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'darefund-bench-feed-'));
  const databaseUrl = kind === 'postgres' ? await createTestDatabase() : undefined;
  let server: AppServer | undefined;
  try {
    const database = await openDatabase({ databaseUrl, dataDir });
    await runMigrations(database);
    const seeded = await seedFeedData(database);
    await database.close();
    console.log(`[${kind}] seeded ${num(seeded.dares)} dares, ${num(seeded.pledges)} pledges`);

    const profile = process.env.BENCH_PROFILE;
    server = await startAppServer({
      port,
      dataDir,
      databaseUrl,
      nodeArgs: profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}/feed-${kind}`] : [],
    });
    const feed = `${server.base}/api/dares`;
    // A viewer with pledges on many dares (bench7: about 100), so the pledged-first rank works.
    const cookie = await signIn(server.base, seeded.pledgerEmail, BENCH_PASSWORD);
    const anonymousFirst = Buffer.from(await (await fetch(feed)).arrayBuffer());
    const signedInFirst = await (await fetch(feed, { headers: { cookie } })).json();
    const cursors = {
      anonymous: JSON.parse(anonymousFirst.toString()).nextCursor as string,
      signedIn: signedInFirst.nextCursor as string,
    };

    const measured: { name: string; target: number; result: LoadResult; bytes: number }[] = [];
    for (const group of CASES[kind]) {
      for (const c of group.cases) {
        const url = `${feed}${c.path(c.signedIn ? cursors.signedIn : cursors.anonymous)}`;
        const headers = c.signedIn ? { cookie } : undefined;
        const bytes = (await (await fetch(url, { headers })).arrayBuffer()).byteLength;
        const result = await load(url, { connections: CONNECTIONS, seconds: SECONDS, headers });
        measured.push({ name: c.name, target: group.target, result, bytes });
      }
    }
    await server.stop();
    server = undefined;

    const bare = await bareBaseline(anonymousFirst, dataDir, port + 1);
    const label = kind === 'pglite' ? 'PGlite' : 'Postgres';
    return [
      row(
        AREA,
        `${label}: bare node:http, same ${num(anonymousFirst.length)} bytes`,
        `${num(bare.requestsPerSecond)} req/s, p99 ${bare.p99} ms`,
      ),
      ...measured.map((m) =>
        row(
          AREA,
          `${label}: ${m.name} (${num(m.bytes)} B) / bare`,
          `${pct(m.result.requestsPerSecond / bare.requestsPerSecond)} (${num(m.result.requestsPerSecond)} req/s, p99 ${m.result.p99} ms)`,
          `>= ${pct(m.target)}`,
          m.result.requestsPerSecond / bare.requestsPerSecond >= m.target,
        ),
      ),
    ];
  } finally {
    await server?.stop();
    await dropTestDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<BenchRow[]> {
  const rows = await benchDatabase('pglite', 3950);
  if (process.env.DATABASE_URL) rows.push(...(await benchDatabase('postgres', 3952)));
  else rows.push(row(AREA, 'Postgres figures', 'skipped: set DATABASE_URL', '', false));
  return rows;
}

if (isMain(import.meta.url))
  printRows(`Feed API (${CONNECTIONS} connections, ${SECONDS} s each)`, await run());

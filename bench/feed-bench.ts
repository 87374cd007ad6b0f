// `npm run bench`: the feed endpoint (GET /api/dares, first page) of the real server on
// 10,000 dares and 100,000 pledges, against a bare node:http server answering the same
// bytes from memory, measured in one run. PGlite always; Postgres too when DATABASE_URL is set.
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { createTestDatabase, dropTestDatabase } from '../tests/support/test-database';
import { seedFeedData } from './seed-feed-data';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;

type Result = { requests: number; p99: number };

async function load(url: string): Promise<Result> {
  await autocannon({ url, connections: 4, duration: 2 }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { requests: result.requests.average, p99: result.latency.p99 };
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no answer from ${url}`);
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  if (child.exitCode === null) await new Promise((resolve) => child.on('exit', resolve));
}

async function benchOne(kind: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'darefund-bench-'));
  const databaseUrl = kind === 'postgres' ? await createTestDatabase() : undefined;
  const database = await openDatabase({ databaseUrl, dataDir });
  await runMigrations(database);
  const seedStart = performance.now();
  await seedFeedData(database);
  console.log(
    `[${kind}] seeded 10,000 dares and 100,000 pledges in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  await database.close();

  const port = 3950;
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
    },
    stdio: 'inherit',
  });
  const feedUrl = `http://127.0.0.1:${port}/api/dares`;
  try {
    await waitFor(feedUrl, server);
    const bytes = Buffer.from(await (await fetch(feedUrl)).arrayBuffer());
    const items = JSON.parse(bytes.toString()).items.length;
    const app = await load(feedUrl);
    await stop(server);

    const bodyFile = join(dataDir, 'feed.json');
    writeFileSync(bodyFile, bytes);
    const bare = fork('bench/bare-server.mjs', [bodyFile, String(port + 1)]);
    await new Promise((resolve) => bare.once('message', resolve));
    const baseline = await load(`http://127.0.0.1:${port + 1}/`);
    await stop(bare);

    console.log(
      `[${kind}] first page: ${items} dares, ${bytes.length} bytes; ${CONNECTIONS} connections, ${DURATION_S} s each`,
    );
    console.log(`[${kind}] GET /api/dares   ${app.requests.toFixed(0)} req/s   p99 ${app.p99} ms`);
    console.log(
      `[${kind}] bare node:http   ${baseline.requests.toFixed(0)} req/s   p99 ${baseline.p99} ms`,
    );
    console.log(
      `[${kind}] ratio ${((app.requests / baseline.requests) * 100).toFixed(1)}% of the bare baseline`,
    );
  } finally {
    if (server.exitCode === null) await stop(server);
    await dropTestDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await benchOne('pglite');
if (process.env.DATABASE_URL) await benchOne('postgres');

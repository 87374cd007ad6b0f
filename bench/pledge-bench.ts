// `npm run bench:pledges`: the whole pledge flow against the real server on Postgres.
// 50 clients, each its own user, loop for BENCH_SECONDS (10): POST /api/pledges ->
// POST /api/pledges/payment-intent -> POST /api/payments/simulated/confirm (card 4242).
// Reports full flows/s and p50/p99, then checks the books: the ledger check, and the dare's
// currentAmount against the sum of its authorized pledges and what the clients paid.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { dares, pledges, users } from '../src/server/db/schema';
import { checkLedgerIntegrity } from '../src/server/modules/funding/ledger-check';
import { freePort, jsonPoster } from '../tests/support/server-process';
import { createTestDatabase, dropTestDatabase } from '../tests/support/test-database';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };

if (!process.env.DATABASE_URL) {
  console.error('bench:pledges needs DATABASE_URL (a Postgres server; a fresh database is made)');
  process.exit(2);
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

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

const dataDir = mkdtempSync(join(tmpdir(), 'darefund-pledge-bench-'));
const databaseUrl = (await createTestDatabase())!;
const database = await openDatabase({ databaseUrl, dataDir });
await runMigrations(database);
const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
// From source through tsx (same code, transpiled on load), so no build or dist/ is touched.
// BENCH_NODE_ARGS: extra flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const server = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'src/server/main.ts'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  },
  stdio: 'inherit',
});

const post = (path: string, body: unknown, cookie?: string) =>
  jsonPoster(origin, cookie)(path, body);

async function register(i: number): Promise<string> {
  const password = 'bench-password';
  const { response } = await post('/api/register', {
    email: `bench${i}.${Date.now().toString(36)}@example.com`,
    password,
    confirmPassword: password,
  });
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith('sid='))!
    .split(';')[0]!;
}

let exitCode = 0;
try {
  await waitFor(`${origin}/api/dares`, server);
  const cookies: string[] = [];
  for (let i = 0; i < CLIENTS; i += 10) {
    const batch = Array.from({ length: Math.min(10, CLIENTS - i) }, (_, j) => register(i + j));
    cookies.push(...(await Promise.all(batch)));
  }
  const [creator] = await database.db.select({ id: users.id }).from(users).limit(1);
  const [dare] = await database.db
    .insert(dares)
    .values({
      creatorId: creator!.id,
      takerId: creator!.id,
      title: 'Benchmark dare',
      description: 'Pledged to by the pledge benchmark',
      targetAmountCents: 2_000_000_000,
      status: 'active',
      category: 'Social',
      pitchVideo: '/media/demo/x.mp4',
      expiresAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    })
    .returning();
  const dareId = dare!.id;

  const latencies: number[] = [];
  let paidCents = 0;
  let errors = 0;
  let firstError: unknown;
  const flow = async (cookie: string, n: number) => {
    const dollars = 5 + (n % 20);
    const pledge = (await post('/api/pledges', { dareId, amount: dollars }, cookie)).json;
    const intent = (
      await post(
        '/api/pledges/payment-intent',
        { pledgeId: pledge.id, dareId, amount: dollars * 100 },
        cookie,
      )
    ).json;
    const confirm = await post('/api/payments/simulated/confirm', {
      clientSecret: intent.clientSecret,
      paymentMethod: { card: CARD, billingDetails: { name: 'Bench Pledger' } },
    });
    if (confirm.json.status !== 'requires_capture') throw new Error(`${confirm.json.status}`);
    return dollars * 100;
  };
  const client = async (cookie: string, until: number, record: boolean) => {
    for (let n = 0; performance.now() < until; n++) {
      const start = performance.now();
      try {
        const cents = await flow(cookie, n);
        paidCents += cents;
        if (record) latencies.push(performance.now() - start);
      } catch (error) {
        errors += 1;
        firstError ??= error;
      }
    }
  };

  await Promise.all(cookies.map((cookie) => client(cookie, performance.now() + 2000, false)));
  const started = performance.now();
  await Promise.all(cookies.map((cookie) => client(cookie, started + DURATION_S * 1000, true)));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(`[postgres] ${CLIENTS} clients, ${DURATION_S} s: pledge + payment-intent + confirm`);
  console.log(
    `[postgres] ${latencies.length} flows, ${(latencies.length / elapsed).toFixed(1)} pledges/s   ` +
      `p50 ${percentile(latencies, 50).toFixed(1)} ms   p99 ${percentile(latencies, 99).toFixed(1)} ms`,
  );
  if (errors) console.error(`[postgres] ${errors} failed flows, first: ${String(firstError)}`);

  server.kill('SIGTERM');
  await new Promise((resolve) =>
    server.exitCode === null ? server.on('exit', resolve) : resolve(0),
  );

  const report = await checkLedgerIntegrity(database.db);
  const [books] = await database.db
    .select({
      current: dares.currentAmountCents,
      count: dares.pledgeCount,
      authorized: sql<number>`(select coalesce(sum(${pledges.amountCents}), 0)::bigint from ${pledges} where ${and(eq(pledges.dareId, dareId), eq(pledges.status, 'authorized'))})`,
      authorizedCount: sql<number>`(select count(*)::int from ${pledges} where ${and(eq(pledges.dareId, dareId), eq(pledges.status, 'authorized'))})`,
    })
    .from(dares)
    .where(eq(dares.id, dareId));
  const authorized = Number(books!.authorized);
  console.log(
    `[postgres] dare currentAmount $${(books!.current / 100).toFixed(2)} (${books!.count} pledges); ` +
      `authorized pledges $${(authorized / 100).toFixed(2)} (${books!.authorizedCount}); ` +
      `clients paid $${(paidCents / 100).toFixed(2)}`,
  );
  const problems = [...report.problems];
  if (books!.current !== authorized || books!.count !== Number(books!.authorizedCount)) {
    problems.push('currentAmount / pledgeCount differ from the authorized pledges');
  }
  if (authorized !== paidCents)
    problems.push('the authorized total differs from what clients paid');
  if (errors) problems.push(`${errors} flows failed`);
  if (problems.length) {
    console.error(`[postgres] FAILED checks:\n  ${problems.join('\n  ')}`);
    exitCode = 1;
  } else {
    console.log(
      `[postgres] ledger check OK (${report.dares} dares, ${report.ledgerGroups} groups)`,
    );
  }
} finally {
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.on('exit', resolve));
  }
  await database.close();
  await dropTestDatabase(databaseUrl);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

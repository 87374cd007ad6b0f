// `npm run bench:pledges` (issue 14, target 2): the whole pledge flow against the real server
// on Postgres, then the same SQL statements straight through `pg` (bench/pledge-baseline.ts),
// in one run. 50 clients, each its own user, loop for BENCH_SECONDS (10): POST /api/pledges
// -> POST /api/pledges/payment-intent -> POST /api/payments/simulated/confirm (card 4242).
// Reports flows/s of both and their ratio, the app's p50/p99, and checks the books: the
// ledger check, and the dare's currentAmount against its authorized pledges and what the
// clients paid. Needs DATABASE_URL (a Postgres server; a fresh database is made and dropped).
//
// BENCH_SERVER=dist (default) runs the server as users do, `node dist/server/main.js`
// (the server bundle is built first); BENCH_SERVER=source runs src/server/main.ts through
// tsx. BENCH_NODE_ARGS: extra flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { dares, pledges, users } from '../src/server/db/schema';
import { checkLedgerIntegrity } from '../src/server/modules/funding/ledger-check';
import { freePort } from '../tests/support/server-process';
import { createTestDatabase, dropTestDatabase } from '../tests/support/test-database';
import { insertBenchDare } from './lib/bench-dare';
import { postJsonOk } from './lib/json-client';
import { type BenchRow, isMain, num, pct, printRows, row } from './lib/report';
import { runBaselineFlows } from './pledge-baseline';

const AREA = '2 Pledge flow';
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
const WARMUP_MS = 2000;

/** flows: measured ones; allFlows: every flow that completed, warm-up included. */
export type LoadResult = {
  flows: number;
  allFlows: number;
  seconds: number;
  latencies: number[];
  errors: string[];
};

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

/**
 * `clients` loops of `flow` for `seconds` after a warm-up; latencies of whole flows.
 * Shared by the app's run and the baseline's, so both are measured the same way.
 */
export async function runClosedLoop(
  clients: number,
  seconds: number,
  flow: (client: number, n: number) => Promise<void>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const errors: string[] = [];
  let allFlows = 0;
  const loop = async (client: number, until: number, record: boolean) => {
    for (let n = 0; performance.now() < until; n++) {
      const start = performance.now();
      try {
        await flow(client, n);
        allFlows++;
        if (record) latencies.push(performance.now() - start);
      } catch (error) {
        errors.push(String(error));
      }
    }
  };
  const ids = Array.from({ length: clients }, (_, i) => i);
  await Promise.all(ids.map((i) => loop(i, performance.now() + WARMUP_MS, false)));
  const started = performance.now();
  await Promise.all(ids.map((i) => loop(i, started + seconds * 1000, true)));
  latencies.sort((a, b) => a - b);
  return {
    flows: latencies.length,
    allFlows,
    seconds: (performance.now() - started) / 1000,
    latencies,
    errors,
  };
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
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function startServer(mode: 'dist' | 'source', env: Record<string, string>): ChildProcess {
  // BENCH_NODE_ARGS: extra flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  // log-sql.mjs counts the statements the server sends (SQL_COUNT): statements per flow.
  const nodeArgs = [
    '--import',
    './bench/lib/log-sql.mjs',
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const entry =
    mode === 'dist' ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
  return spawn(process.execPath, [...nodeArgs, ...entry], {
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
}

/**
 * One user per client, registered over HTTP, each from its own address (registrations are
 * limited per address; the server trusts the bench's X-Forwarded-For); their session cookies.
 */
async function registerClients(origin: string, clients: number, first = 0): Promise<string[]> {
  const register = async (i: number) => {
    const password = 'bench-password';
    const response = await fetch(`${origin}/api/register`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin,
        'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      },
      body: JSON.stringify({
        email: `bench${i}.${Date.now().toString(36)}@example.com`,
        password,
        confirmPassword: password,
      }),
    });
    if (response.status !== 201) throw new Error(`register ${response.status}`);
    return response.headers
      .getSetCookie()
      .find((c) => c.startsWith('sid='))!
      .split(';')[0]!;
  };
  const cookies: string[] = [];
  for (let i = 0; i < clients; i += 10) {
    const batch = Array.from({ length: Math.min(10, clients - i) }, (_, j) =>
      register(first + i + j),
    );
    cookies.push(...(await Promise.all(batch)));
  }
  return cookies;
}

type Books = { problems: string[]; summary: string };

/** The dare's totals against its authorized pledges and what the clients paid; the ledger check. */
async function checkBooks(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  dareId: number,
  paidCents: number,
): Promise<Books> {
  const report = await checkLedgerIntegrity(db);
  const [books] = await db
    .select({
      current: dares.currentAmountCents,
      count: dares.pledgeCount,
      authorized: sql<number>`(select coalesce(sum(${pledges.amountCents}), 0)::bigint from ${pledges} where ${and(eq(pledges.dareId, dareId), eq(pledges.status, 'authorized'))})`,
      authorizedCount: sql<number>`(select count(*)::int from ${pledges} where ${and(eq(pledges.dareId, dareId), eq(pledges.status, 'authorized'))})`,
    })
    .from(dares)
    .where(eq(dares.id, dareId));
  const authorized = Number(books!.authorized);
  const problems = [...report.problems];
  if (books!.current !== authorized || books!.count !== Number(books!.authorizedCount)) {
    problems.push('currentAmount / pledgeCount differ from the authorized pledges');
  }
  if (authorized !== paidCents)
    problems.push('the authorized total differs from what clients paid');
  const summary =
    `dare $${(books!.current / 100).toFixed(2)} (${books!.count} pledges) = authorized ` +
    `$${(authorized / 100).toFixed(2)} = paid $${(paidCents / 100).toFixed(2)}; ledger check ` +
    `(${report.dares} dares, ${report.ledgerGroups} groups)`;
  return { problems, summary };
}

export async function run(): Promise<BenchRow[]> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    return [row(AREA, 'pledge flow on Postgres', 'skipped: DATABASE_URL is not set', '', null)];
  }
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const clients = Number(process.env.BENCH_CLIENTS ?? 50);
  const mode = process.env.BENCH_SERVER === 'source' ? 'source' : 'dist';
  if (mode === 'dist') execFileSync(process.execPath, ['scripts/build-server.mjs']);

  const dataDir = mkdtempSync(join(tmpdir(), 'darefund-pledge-bench-'));
  const countFile = join(dataDir, 'statements.count');
  // The server's running total of statements (written every 100 ms), read once it is settled.
  const statementsSent = async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return Number(readFileSync(countFile, 'utf8'));
  };
  const databaseUrl = (await createTestDatabase())!;
  const database = await openDatabase({ databaseUrl, dataDir });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  try {
    await runMigrations(database);
    server = startServer(mode, {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // Each client registers as its own address (X-Forwarded-For from the bench on loopback).
      TRUST_PROXY: 'loopback',
      SQL_COUNT: countFile,
    });
    await waitFor(`${origin}/api/dares`, server);
    // The dares' creator first (the lowest id), an account of its own that never pledges: every
    // flow then notifies it, so the app's and the baseline's flows are all alike.
    await registerClients(origin, 1, clients);
    const cookies = await registerClients(origin, clients);
    const clientIds = await database.db.select({ id: users.id }).from(users).orderBy(users.id);
    const newDare = (title: string) =>
      insertBenchDare(database.db, {
        creatorId: clientIds[0]!.id,
        title,
        description: 'Pledged to by the pledge benchmark',
        targetAmountCents: 2_000_000_000,
        days: 30,
      });

    // The app: three HTTP requests per flow, each client signed in as its own user.
    const dareId = await newDare('Benchmark dare');
    let paidCents = 0;
    // What the server sends with no flow running (its job runner's polling), per second:
    // subtracted, so the figure is the flow's own statements.
    const idleFrom = await statementsSent();
    const idleStart = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const statementsBefore = await statementsSent();
    const idlePerMs = (statementsBefore - idleFrom) / (performance.now() - idleStart);
    const loopStart = performance.now();
    // One keep-alive socket per client, as a browser holds; node:http, not fetch (json-client.ts).
    const agent = new http.Agent({ keepAlive: true, maxSockets: clients * 2 });
    const app = await runClosedLoop(clients, seconds, async (client, n) => {
      const cookie = cookies[client]!;
      const dollars = 5 + (n % 20);
      const pledge = await postJsonOk(
        agent,
        origin,
        '/api/pledges',
        { dareId, amount: dollars },
        cookie,
      );
      const intent = await postJsonOk(
        agent,
        origin,
        '/api/pledges/payment-intent',
        { pledgeId: pledge.id, dareId, amount: dollars * 100 },
        cookie,
      );
      const confirm = await postJsonOk(agent, origin, '/api/payments/simulated/confirm', {
        clientSecret: intent.clientSecret,
        paymentMethod: { card: CARD, billingDetails: { name: 'Bench Pledger' } },
      });
      if (confirm.status !== 'requires_capture') throw new Error(`${confirm.status}`);
      paidCents += dollars * 100;
    });
    // Every statement the server sent during the loop (warm-up included), less its idle
    // rate, per completed flow. The two counts differ a little with the pledgers' state (a
    // progress update only while an achievement still moves; the baseline runs second, on
    // pledgers with more history); a baseline that drifted from the app differs by more.
    const loopMs = performance.now() - loopStart;
    const sent = (await statementsSent()) - statementsBefore - idlePerMs * loopMs;
    const appStatements = sent / (app.allFlows || 1);
    agent.destroy();
    await stop(server);
    const books = await checkBooks(database.db, dareId, paidCents);
    if (app.errors.length)
      books.problems.push(`${app.errors.length} flows failed: ${app.errors[0]}`);

    // The baseline: the same statements through pg, same clients and users, its own dare.
    const baselineDare = await newDare('Baseline dare');
    const baseline = await runBaselineFlows({
      databaseUrl,
      userIds: clientIds.map((u) => u.id),
      creatorId: clientIds[0]!.id,
      dareId: baselineDare,
      clients,
      seconds,
      closedLoop: runClosedLoop,
    });

    const appRate = app.flows / app.seconds;
    const baseRate = baseline.flows / baseline.seconds;
    // A baseline whose flows fail measures nothing: no ratio then, and a FAIL that says why.
    const baselineBroken = baseline.flows === 0;
    const ratio = baselineBroken ? 0 : appRate / baseRate;
    const p50 = percentile(app.latencies, 50);
    const p99 = percentile(app.latencies, 99);
    const setup = `${clients} clients, ${seconds} s, server from ${mode}`;
    return [
      row(AREA, `app flows/s (pledge + intent + confirm; ${setup})`, num(appRate)),
      row(
        AREA,
        `baseline flows/s (same statements through pg, pool ${baseline.poolSize})`,
        num(baseRate) + (baseline.errors.length ? ` (${baseline.errors.length} errors)` : ''),
      ),
      row(
        AREA,
        'app / baseline',
        baselineBroken
          ? `no ratio: the baseline completed 0 flows (${baseline.errors[0] ?? 'no error'})`
          : pct(ratio),
        '>= 50 %',
        !baselineBroken && ratio >= 0.5,
      ),
      row(
        AREA,
        'statements per flow: app (counted at its pg driver) / baseline',
        `${appStatements.toFixed(1)} / ${baseline.statementsPerFlow.toFixed(1)}`,
        'baseline mirrors the app (within 2)',
        !baselineBroken && Math.abs(appStatements - baseline.statementsPerFlow) <= 2,
      ),
      row(AREA, 'app p50 per flow', `${p50.toFixed(0)} ms`),
      row(AREA, 'app p99 per flow', `${p99.toFixed(0)} ms`, '< 300 ms', p99 < 300),
      // What the same load gives through bare pg: with 50 clients looping, a flow waits its
      // turn behind the others (Little's law: mean latency = clients / flows per second).
      row(
        AREA,
        'baseline p50 / p99 per flow (bare pg, same clients)',
        `${percentile(baseline.latencies, 50).toFixed(0)} / ${percentile(baseline.latencies, 99).toFixed(0)} ms`,
      ),
      row(
        AREA,
        'books balanced after the load',
        books.problems.length ? books.problems.join('; ') : books.summary,
        'balanced',
        books.problems.length === 0,
      ),
    ];
  } finally {
    if (server) await stop(server);
    await database.close();
    await dropTestDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const rows = await run();
  printRows('Pledge flow (issue 14, target 2)', rows);
  // Targets not met are the table's news; unbalanced books are a failure of the run.
  const books = rows.find((r) => r.figure.startsWith('books'));
  process.exit(books?.pass === false ? 1 : 0);
}

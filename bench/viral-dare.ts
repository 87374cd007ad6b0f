// Issue 23 item 2: a dare with BENCH_VIRAL_PLEDGERS (10,000) pledgers resolves. The built
// server on Postgres with SIMULATED_GATEWAY_LATENCY_MS=50; every pledge goes through the app's
// own flow over HTTP (pledge, payment intent, confirm), BENCH_VIRAL_CLIENTS at once; the
// pledgers' accounts and sessions are inserted directly (signing up 10,000 accounts is not
// what is measured, and its password hashing would dominate). The proof is approved by a
// majority of pledgers' votes over HTTP, then the whole settlement is timed: every hold
// captured once, the ledger, the payout queued, every pledger's notification, email (outbox)
// and live event. Meanwhile a small dare resolves and must settle within 10 s. Then a second
// big dare (BENCH_VIRAL_CRASH_PLEDGERS) is approved, the server is killed with SIGKILL
// half-way through its settlement and started again: no capture may be doubled or missed.
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, inArray, like, sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import {
  dares,
  gatewayPaymentIntents,
  ledgerEntries,
  liveEvents,
  mailOutbox,
  notifications,
  payouts,
  pledges,
  sessions,
  submissions,
  users,
} from '../src/server/db/schema';
import { checkLedgerIntegrity } from '../src/server/modules/funding/ledger-check';
import { freePort, jsonPoster, residentBytes } from '../tests/support/server-process';
import { createTestDatabase, dropTestDatabase } from '../tests/support/test-database';
import { type AppServer, startAppServer } from './lib/app-server';
import { insertBenchDare } from './lib/bench-dare';
import { type BenchRow, isMain, num, printRows, row } from './lib/report';

const AREA = '7 Viral dare';
const CARD = { number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' };
const SESSION_SECRET = 'viral-dare-bench-session-secret-0123456789';
const LATENCY_MS = 50;
const TARGET_SECONDS = 120;
const TARGET_RSS_MB = 300;
const TARGET_SMALL_SECONDS = 10;

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];
type Pledger = { id: number; cookie: string; email: string };
type Seeded = { dareId: number; takerId: number; pledgers: Pledger[]; submissionId: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `work` over `items`, `limit` at once. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** `n` accounts with a session each, in batches of 1,000 rows a statement. */
async function insertPledgers(db: Db, label: string, n: number): Promise<Pledger[]> {
  const out: Pledger[] = [];
  for (let start = 0; start < n; start += 1000) {
    const size = Math.min(1000, n - start);
    const values = Array.from({ length: size }, (_, j) => {
      const handle = `${label}${start + j}`;
      return { email: `${handle}@viral.bench`, username: handle, passwordHash: 'x' };
    });
    const rows = await db
      .insert(users)
      .values(values)
      .returning({ id: users.id, email: users.email });
    const tokens = rows.map(() => randomBytes(32).toString('base64url'));
    await db.insert(sessions).values(
      rows.map((user, j) => ({
        userId: user.id,
        tokenHash: createHmac('sha256', SESSION_SECRET).update(tokens[j]!).digest('base64url'),
        rememberMe: true,
        expiresAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
      })),
    );
    for (const [j, user] of rows.entries()) out.push({ ...user, cookie: `sid=${tokens[j]}` });
  }
  return out;
}

/**
 * A dare with `n` pledges of $5 made through the app's pledge flow over HTTP, then put to
 * the vote with a pending proof of its taker (the proof upload itself is not measured here).
 */
async function seedDare(
  db: Db,
  origin: string,
  label: string,
  n: number,
  clients: number,
): Promise<Seeded> {
  const [taker] = await insertPledgers(db, `${label}taker`, 1);
  const dareId = await insertBenchDare(db, {
    creatorId: taker!.id,
    title: `Viral dare ${label}`,
    description: 'Pledged to by the viral-dare benchmark',
    targetAmountCents: 500,
    days: 7,
  });
  const pledgers = await insertPledgers(db, label, n);
  await pool(pledgers, clients, async (pledger) => {
    const post = jsonPoster(origin, pledger.cookie);
    const pledge = (await post('/api/pledges', { dareId, amount: 5 })).json;
    const intent = (
      await post('/api/pledges/payment-intent', { pledgeId: pledge.id, dareId, amount: 500 })
    ).json;
    const confirm = await jsonPoster(origin)('/api/payments/simulated/confirm', {
      clientSecret: intent.clientSecret,
      paymentMethod: { card: CARD, billingDetails: { name: 'Viral Pledger' } },
    });
    if (confirm.json.status !== 'requires_capture') throw new Error(`${confirm.json.status}`);
  });
  const [submission] = await db
    .insert(submissions)
    .values({
      dareId,
      userId: taker!.id,
      videoUrl: '/media/demo/x.mp4',
      votingEndsAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    })
    .returning({ id: submissions.id });
  await db.update(dares).set({ status: 'verification' }).where(eq(dares.id, dareId));
  return { dareId, takerId: taker!.id, pledgers, submissionId: submission!.id };
}

/** A strict majority of the pledgers approve over HTTP; resolves when the last vote answered. */
async function approve(origin: string, dare: Seeded, clients: number) {
  const voters = dare.pledgers.slice(0, Math.floor(dare.pledgers.length / 2) + 1);
  await pool(voters, clients, async (voter) => {
    await jsonPoster(origin, voter.cookie)('/api/votes', {
      submissionId: dare.submissionId,
      vote: true,
    });
  });
}

/** Where a dare's settlement stands, from the database. */
async function progress(db: Db, dare: Seeded) {
  const n = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
  const ids = dare.pledgers.map((p) => p.id);
  const emailPrefix = dare.pledgers[0]!.email.replace(/0@viral\.bench$/, '');
  const captured = await n(
    db
      .select({ n: count() })
      .from(pledges)
      .where(and(eq(pledges.dareId, dare.dareId), eq(pledges.status, 'captured'))),
  );
  const notified = await n(
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.dareId, dare.dareId), eq(notifications.kind, 'card_charged'))),
  );
  const emailed = await n(
    db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(like(mailOutbox.to, `${emailPrefix}%`), eq(mailOutbox.kind, 'card_charged'))),
  );
  const live = await n(
    db
      .select({ n: count() })
      .from(liveEvents)
      .where(
        and(
          inArray(liveEvents.userId, ids),
          eq(liveEvents.kind, 'notification'),
          // The live event of each card_charged notice (other notices name the dare too).
          sql`(${liveEvents.data}->>'notificationId')::int in (select ${notifications.id} from ${notifications} where ${notifications.dareId} = ${dare.dareId} and ${notifications.kind} = 'card_charged')`,
        ),
      ),
  );
  const [payout] = await db
    .select({ status: payouts.status })
    .from(payouts)
    .where(eq(payouts.dareId, dare.dareId));
  return { captured, notified, emailed, live, payout: payout?.status ?? null };
}

const complete = (p: Awaited<ReturnType<typeof progress>>, n: number) =>
  p.captured === n && p.notified === n && p.emailed === n && p.live === n && p.payout !== null;

/** The gateway's own records against the app's: each hold captured exactly once, for its amount. */
async function capturesOnce(db: Db, dare: Seeded) {
  const rows = await db
    .select({
      pledgeId: pledges.id,
      status: pledges.status,
      amount: pledges.amountCents,
      intentStatus: gatewayPaymentIntents.status,
      capturedAtGateway: gatewayPaymentIntents.amountCapturedCents,
      ledgerRows: sql<number>`(select count(*)::int from ${ledgerEntries} where ${ledgerEntries.pledgeId} = ${pledges.id} and ${ledgerEntries.kind} = 'capture')`,
    })
    .from(pledges)
    .innerJoin(gatewayPaymentIntents, eq(gatewayPaymentIntents.id, pledges.paymentIntentId))
    .where(eq(pledges.dareId, dare.dareId));
  const missed = rows.filter((r) => r.status !== 'captured' || r.intentStatus !== 'succeeded');
  const doubled = rows.filter((r) => r.capturedAtGateway !== r.amount || r.ledgerRows !== 2);
  return { rows: rows.length, missed: missed.length, doubled: doubled.length };
}

/** Kills the server as a crash would (no shutdown handler runs) and waits for it to be gone. */
async function killHard(server: AppServer) {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

export async function run(): Promise<BenchRow[]> {
  const base = process.env.DATABASE_URL;
  if (!base) return [row(AREA, 'viral dare on Postgres', 'skipped: DATABASE_URL is not set')];
  const size = Number(process.env.BENCH_VIRAL_PLEDGERS ?? 10_000);
  const crashSize = Number(process.env.BENCH_VIRAL_CRASH_PLEDGERS ?? size);
  const clients = Number(process.env.BENCH_VIRAL_CLIENTS ?? 32);

  const dataDir = mkdtempSync(join(tmpdir(), 'darefund-viral-bench-'));
  const databaseUrl = (await createTestDatabase())!;
  const database = await openDatabase({ databaseUrl, dataDir });
  const { db } = database;
  const port = await freePort();
  const start = () =>
    startAppServer({
      port,
      dataDir,
      databaseUrl,
      quiet: true,
      env: {
        SESSION_SECRET,
        SIMULATED_GATEWAY_LATENCY_MS: String(LATENCY_MS),
        JOBS_POLL_MS: '250',
      },
    });
  let server: AppServer | undefined;
  const rows: BenchRow[] = [];
  try {
    await runMigrations(database);
    server = await start();
    const origin = server.base;

    let started = performance.now();
    const big = await seedDare(db, origin, 'v', size, clients);
    const small = await seedDare(db, origin, 's', 5, clients);
    const crash = await seedDare(db, origin, 'c', crashSize, clients);
    const seedSeconds = (performance.now() - started) / 1000;
    const loadBefore = loadavg()[0]!.toFixed(1);

    // The big dare: approved, then timed from the deciding vote to its last pledger's event.
    const rssBefore = await residentBytes(server.child.pid!);
    let rssPeak = rssBefore;
    started = performance.now();
    await approve(origin, big, clients);
    const voteSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    let smallSeconds: number | null = null;
    let smallStarted: number | null = null;
    let state = await progress(db, big);
    while (!complete(state, size) && performance.now() - started < 600_000) {
      await sleep(250);
      rssPeak = Math.max(rssPeak, await residentBytes(server.child.pid!));
      state = await progress(db, big);
      // The small dare resolves once the big settlement is under way.
      if (smallStarted === null && state.captured > 0) {
        await approve(origin, small, clients);
        smallStarted = performance.now();
      }
      if (smallStarted !== null && smallSeconds === null) {
        const s = await progress(db, small);
        if (complete(s, small.pledgers.length)) {
          smallSeconds = (performance.now() - smallStarted) / 1000;
        }
      }
    }
    const settleSeconds = (performance.now() - started) / 1000;
    // The small dare's settlement, timed from its deciding vote even if it ends after the big one.
    while (smallStarted !== null && smallSeconds === null) {
      if (complete(await progress(db, small), small.pledgers.length)) {
        smallSeconds = (performance.now() - smallStarted) / 1000;
      } else if (performance.now() - smallStarted > 120_000) break;
      else await sleep(100);
    }
    const once = await capturesOnce(db, big);
    const growthMb = (rssPeak - rssBefore) / 1024 / 1024;
    const setup = `${num(size)} pledgers, gateway ${LATENCY_MS} ms/call, load ${loadBefore}`;

    // The crash: kill -9 half-way through the second big settlement, start again, finish.
    await approve(origin, crash, clients);
    let crashState = await progress(db, crash);
    while (crashState.captured < crashSize / 2) {
      await sleep(100);
      crashState = await progress(db, crash);
    }
    const capturedAtKill = crashState.captured;
    await killHard(server);
    server = await start();
    started = performance.now();
    while (!complete(crashState, crashSize) && performance.now() - started < 600_000) {
      await sleep(500);
      crashState = await progress(db, crash);
    }
    const resumeSeconds = (performance.now() - started) / 1000;
    const crashOnce = await capturesOnce(db, crash);
    const ledger = await checkLedgerIntegrity(db);

    const allDone = complete(state, size) && once.missed === 0 && once.doubled === 0;
    const crashOk =
      complete(crashState, crashSize) &&
      crashOnce.missed === 0 &&
      crashOnce.doubled === 0 &&
      ledger.problems.length === 0;
    rows.push(
      row(
        AREA,
        'seeding through the app (pledge, intent, confirm), 3 dares',
        `${seedSeconds.toFixed(0)} s (${num(size + crashSize + 5)} pledges, ${clients} clients); votes for the big one ${voteSeconds.toFixed(1)} s`,
      ),
      row(
        AREA,
        `settlement: ${setup}`,
        `${settleSeconds.toFixed(1)} s`,
        `<= ${TARGET_SECONDS} s`,
        allDone && settleSeconds <= TARGET_SECONDS,
      ),
      row(
        AREA,
        'every hold captured once, ledger, payout, notice, email, live event',
        `${num(state.captured)} captured (${once.missed} missed, ${once.doubled} doubled), payout ${state.payout}, ${num(state.notified)} notices, ${num(state.emailed)} emails, ${num(state.live)} live events`,
        `all ${num(size)}`,
        allDone,
      ),
      row(
        AREA,
        'server resident memory growth during the settlement',
        `${growthMb.toFixed(0)} MB (${(rssBefore / 1048576).toFixed(0)} -> peak ${(rssPeak / 1048576).toFixed(0)} MB)`,
        `< ${TARGET_RSS_MB} MB`,
        growthMb < TARGET_RSS_MB,
      ),
      row(
        AREA,
        'a 5-pledger dare resolving during the big settlement',
        smallSeconds === null ? 'not settled within 120 s' : `${smallSeconds.toFixed(1)} s`,
        `<= ${TARGET_SMALL_SECONDS} s`,
        smallSeconds !== null && smallSeconds <= TARGET_SMALL_SECONDS,
      ),
      row(
        AREA,
        `kill -9 at ${num(capturedAtKill)} of ${num(crashSize)} captured, restart`,
        `${num(crashState.captured)} captured, ${crashOnce.missed} missed, ${crashOnce.doubled} doubled (gateway records and ledger rows), check-ledger ${ledger.problems.length === 0 ? 'balanced' : `${ledger.problems.length} problems`}; done ${resumeSeconds.toFixed(0)} s after restart`,
        'none doubled or missed',
        crashOk,
      ),
    );
    return rows;
  } finally {
    await server?.stop();
    await database.close?.();
    await dropTestDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) printRows(AREA, await run());

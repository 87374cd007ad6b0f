// Open streams (issue 23, target 3), on Postgres: BENCH_STREAMS (5,000) signed-in accounts each
// hold one GET /api/events stream on one instance. Measured: the server's resident memory per
// stream (after a forced GC, before and after opening them); the time from sending a message
// through the real message API to its event arriving on the recipient's stream, for
// BENCH_STREAM_MESSAGES (1,000) messages to as many of those accounts, sent from other
// accounts at BENCH_STREAM_RATE a second; and the feed API's rate while that runs, against
// its rate with no stream open. BENCH_SECONDS (10) per feed measurement.
// `npm run bench:streams` (after `npm run build`, with DATABASE_URL).
//
// Each stream is one socket in this process and one in the server: both raise their
// open-file limit (`ulimit -n`) when it is too low, this one by running itself again under
// a raised limit.
//
// On a machine of two or more CPUs the server runs on CPU 0 and this process (its streams,
// its sends, the feed load's thread) on the others (`taskset`; BENCH_PIN_CPUS=false turns it
// off; Postgres is left where the system runs it). The figures are the instance's: in
// production its clients are other machines, and here, unpinned, the feed's rate without
// streams moved between 9,000 and 15,000 requests a second from run to run with the
// server at 0.9 of a core each time, as the scheduler put the load generator beside it or not.
import { execFileSync, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { hashPassword } from '../src/server/modules/auth/password';
import { createTestDatabase, dropTestDatabase } from '../tests/support/test-database';
import { load, startAppServer } from './lib/app-server';
import { postJson } from './lib/json-client';
import { type BenchRow, isMain, num, pct, printRows, row } from './lib/report';
import { seedFeedData } from './seed-feed-data';

const AREA = '8 Streams';
const STREAMS = Number(process.env.BENCH_STREAMS ?? 5000);
const MESSAGES = Number(process.env.BENCH_STREAM_MESSAGES ?? 1000);
/**
 * Messages a second across the instance. 5,000 people online who each send a message every
 * two minutes make about 40 a second; 50 leaves a margin above that (decision 0056).
 */
const RATE = Number(process.env.BENCH_STREAM_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const SECRET = 'bench-streams-session-secret-0123456789';

/** Where the server and this process run (see the top), or null to leave both unpinned. */
function cpuPlacement(): { server: string; bench: string; all: string } | null {
  const count = cpus().length;
  if (count < 2 || process.env.BENCH_PIN_CPUS === 'false') return null;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
  } catch {
    return null; // no taskset (util-linux) here
  }
  return { server: '0', bench: count === 2 ? '1' : `1-${count - 1}`, all: `0-${count - 1}` };
}

/** Every thread of this process onto `cpuList` (threads started later inherit it). */
const pinThisProcess = (cpuList: string) =>
  execFileSync('taskset', ['-a', '-p', '-c', cpuList, String(process.pid)], { stdio: 'ignore' });
/** Descriptors beyond the streams: the pool, the feed load, files. */
const SPARE_FILES = 2000;
const OPEN_AT_ONCE = 100;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))]!;

function openFilesLimit(): number {
  const line = readFileSync('/proc/self/limits', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = line?.split(/\s{2,}/)[1];
  return soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
}

/** This bench again, in a child whose open-file limit is raised; its rows come back in a file. */
async function runWithRaisedLimit(limit: number): Promise<BenchRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'darefund-bench-streams-rows-'));
  const rowsFile = join(dir, 'rows.json');
  const self = fileURLToPath(import.meta.url);
  const child = spawn(
    'bash',
    [
      '-c',
      `ulimit -n ${limit} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"`,
      process.execPath,
      '--import',
      'tsx',
      self,
    ],
    { env: { ...process.env, BENCH_STREAMS_ROWS_FILE: rowsFile }, stdio: 'inherit' },
  );
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  try {
    if (code !== 0) throw new Error(`the raised-limit run exited with ${code}`);
    return JSON.parse(readFileSync(rowsFile, 'utf8')) as BenchRow[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The server's resident memory in bytes after a full GC (gc-on-signal.mjs). */
async function rssAfterGc(pid: number): Promise<number> {
  for (let i = 0; i < 2; i++) {
    process.kill(pid, 'SIGUSR2');
    await sleep(1000);
  }
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return kb * 1024;
}

/** CPU time (ms) used so far by a process, from /proc/<pid>/stat (utime + stime). */
function processCpuMs(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ = 100
  } catch {
    return 0; // gone meanwhile
  }
}

/**
 * CPU used so far by the server, by each Postgres process (the server's backends, by pid) and
 * by this bench (the feed load and the streams' client side): where the two cores go.
 */
function cpuSnapshot(serverPid: number) {
  const postgres = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') {
        postgres.set(pid, processCpuMs(pid));
      }
    } catch {} // gone meanwhile
  }
  const bench = process.cpuUsage();
  return { server: processCpuMs(serverPid), postgres, bench: (bench.user + bench.system) / 1000 };
}

/** CPU seconds a second of each part between two snapshots (Postgres: processes in both). */
function cpuShare(from: ReturnType<typeof cpuSnapshot>, to: typeof from, seconds: number) {
  let postgres = 0;
  for (const [pid, ms] of to.postgres) postgres += ms - (from.postgres.get(pid) ?? ms);
  const cores = (ms: number) => (ms / 1000 / seconds).toFixed(2);
  return `server ${cores(to.server - from.server)}, Postgres ${cores(postgres)}, bench ${cores(to.bench - from.bench)}`;
}

type Accounts = {
  /** Cookie of stream holder i (0-based). */
  holders: string[];
  /** Message i: its sender's cookie and conversation (recipient: holder i % STREAMS). */
  sends: Array<{ cookie: string; conversationId: number }>;
};

/**
 * STREAMS + MESSAGES accounts with a session each, and a conversation between each sender
 * and its recipient, written in a few statements (what is measured is the streams).
 */
async function createAccounts(databaseUrl: string, dataDir: string): Promise<Accounts> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await runMigrations(database);
    // The feed the rate is measured on: the feed bench's data.
    await seedFeedData(database, { users: 1000, dareCount: 10_000, pledgeCount: 100_000 });
    const passwordHash = await hashPassword('bench-password');
    const total = STREAMS + MESSAGES;
    const tokens = Array.from({ length: total }, () => randomBytes(32).toString('base64url'));
    const hashes = tokens.map((t) => createHmac('sha256', SECRET).update(t).digest('base64url'));
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO users (email, username, password_hash, display_name)
        SELECT 'stream' || n || '@example.com', 'stream' || n, ${passwordHash}, 'Stream ' || n
        FROM generate_series(1, ${total}) AS n`);
      await tx.execute(sql`INSERT INTO sessions (token_hash, user_id, remember_me, expires_at)
        SELECT t.hash, u.id, true, now() + interval '1 day'
        FROM jsonb_array_elements_text(${JSON.stringify(hashes)}::jsonb) WITH ORDINALITY AS t(hash, n)
        JOIN users u ON u.username = 'stream' || t.n`);
      await tx.execute(sql`CREATE TEMP TABLE bench_pairs ON COMMIT DROP AS
        SELECT n, s.id AS sender, r.id AS recipient,
          least(s.id, r.id) || ':' || greatest(s.id, r.id) AS pair_key
        FROM generate_series(1, ${MESSAGES}) AS n
        JOIN users s ON s.username = 'stream' || (${STREAMS} + n)
        JOIN users r ON r.username = 'stream' || (1 + (n - 1) % ${STREAMS})`);
      await tx.execute(sql`INSERT INTO conversations (pair_key) SELECT pair_key FROM bench_pairs`);
      await tx.execute(sql`INSERT INTO conversation_participants (conversation_id, user_id)
        SELECT c.id, p.person FROM conversations c
        JOIN (SELECT pair_key, sender AS person FROM bench_pairs
              UNION ALL SELECT pair_key, recipient FROM bench_pairs) p ON p.pair_key = c.pair_key`);
    });
    const pairs = (await database.db.execute(sql`
      SELECT n, c.id FROM generate_series(1, ${MESSAGES}) AS n
      JOIN users s ON s.username = 'stream' || (${STREAMS} + n)
      JOIN users r ON r.username = 'stream' || (1 + (n - 1) % ${STREAMS})
      JOIN conversations c ON c.pair_key = least(s.id, r.id) || ':' || greatest(s.id, r.id)
      ORDER BY n`)) as unknown as { rows: { n: number; id: number }[] };
    // VACUUM too: else autovacuum takes the 100,000 new pledges on while the server is
    // measured, a core of Postgres under the reading without streams.
    await database.db.execute(sql`VACUUM ANALYZE`);
    const cookie = (i: number) => `sid=${tokens[i]}`;
    return {
      holders: tokens.slice(0, STREAMS).map((_, i) => cookie(i)),
      sends: pairs.rows.map((p) => ({
        cookie: cookie(STREAMS + Number(p.n) - 1),
        conversationId: Number(p.id),
      })),
    };
  } finally {
    await database.close();
  }
}

/**
 * One GET /api/events on its own keep-alive socket, parsed as it comes (not EventSource:
 * thousands of them in one process). `onMessage` gets each message event's content.
 */
function openStream(
  base: string,
  agent: http.Agent,
  cookie: string,
  onMessage: (content: string) => void,
): Promise<http.ClientRequest> {
  return new Promise((opened, failed) => {
    const request = http.get(
      `${base}/api/events`,
      { agent, headers: { cookie, accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          failed(new Error(`GET /api/events: ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.includes(': connected')) opened(request);
            if (block.includes('event: message')) {
              const data = block.split('\n').find((line) => line.startsWith('data: '));
              if (data) onMessage(JSON.parse(data.slice(6)).message.content);
            }
            end = buffer.indexOf('\n\n');
          }
        });
      },
    );
    request.on('error', failed);
  });
}

async function measure(dataDir: string, databaseUrl: string): Promise<BenchRow[]> {
  const setupStarted = performance.now();
  const accounts = await createAccounts(databaseUrl, dataDir);
  console.log(
    `[streams] ${num(STREAMS + MESSAGES)} accounts, sessions and ${num(MESSAGES)} conversations in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );
  const gcHook = pathToFileURL(resolve('bench/lib/gc-on-signal.mjs')).href;
  const placement = cpuPlacement();
  const server = await startAppServer({
    dataDir,
    databaseUrl,
    quiet: true,
    openFiles: STREAMS + SPARE_FILES,
    // BENCH_NODE_ARGS: extra flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    nodeArgs: [
      '--expose-gc',
      `--import=${gcHook}`,
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ],
    env: { SESSION_SECRET: SECRET },
    cpus: placement?.server,
  });
  if (placement) pinThisProcess(placement.bench);
  const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
  const requests: http.ClientRequest[] = [];
  const rows: BenchRow[] = [];
  try {
    const pid = server.child.pid!;
    const feed = `${server.base}/api/dares`;
    // Unmeasured first: the route's first seconds run cold code (the JIT), which made the
    // reading without streams, the denominator of both ratios, 10,000 one run and 15,000 the next.
    await load(feed, { connections: 10, seconds: WARM_UP_SECONDS, ownThread: true });
    let cpuFrom = cpuSnapshot(pid);
    let cpuStarted = performance.now();
    const without = await load(feed, { connections: 10, seconds: SECONDS, ownThread: true });
    const withoutCpu = cpuShare(cpuFrom, cpuSnapshot(pid), (performance.now() - cpuStarted) / 1000);
    // The stream route warmed up (and its sockets closed) before the reading without streams.
    const sent = new Map<string, number>();
    const arrived = new Map<string, number>();
    const onMessage = (content: string) => {
      if (sent.has(content) && !arrived.has(content)) arrived.set(content, performance.now());
    };
    for (const send of accounts.sends.slice(0, 20)) {
      (await openStream(server.base, agent, send.cookie, onMessage)).destroy();
    }
    await sleep(500);
    const before = await rssAfterGc(pid);

    const openStarted = performance.now();
    for (let i = 0; i < STREAMS; i += OPEN_AT_ONCE) {
      const batch = accounts.holders.slice(i, i + OPEN_AT_ONCE);
      requests.push(
        ...(await Promise.all(batch.map((c) => openStream(server.base, agent, c, onMessage)))),
      );
    }
    const openSeconds = (performance.now() - openStarted) / 1000;
    const after = await rssAfterGc(pid);
    const perStreamKb = (after - before) / STREAMS / 1024;
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    rows.push(
      row(
        AREA,
        'CPUs: server / this bench (streams, sends, feed load) / Postgres',
        placement ? `${placement.server} / ${placement.bench} / any` : 'any / any / any (unpinned)',
      ),
      row(
        AREA,
        `${num(STREAMS)} streams opened (${OPEN_AT_ONCE} at a time)`,
        `${openSeconds.toFixed(1)} s`,
      ),
      row(
        AREA,
        `server resident memory per stream (after GC), ${num(STREAMS)} streams`,
        `${perStreamKb.toFixed(1)} KB (${mb(before)} → ${mb(after)} MB)`,
        '<= 30 KB',
        perStreamKb <= 30,
      ),
    );

    cpuFrom = cpuSnapshot(pid);
    cpuStarted = performance.now();
    const idle = await load(feed, { connections: 10, seconds: SECONDS, ownThread: true });
    const idleCpu = cpuShare(cpuFrom, cpuSnapshot(pid), (performance.now() - cpuStarted) / 1000);
    rows.push(
      row(
        AREA,
        `feed API (10 connections) with ${num(STREAMS)} idle streams open / with none`,
        `${pct(idle.requestsPerSecond / without.requestsPerSecond)} (${num(idle.requestsPerSecond)} / ${num(without.requestsPerSecond)} req/s)`,
      ),
    );

    // The messages go out at a steady rate, each send on its own (an open loop), while the
    // feed is loaded; a send's time runs from its POST to the event on the recipient's stream.
    const postStatuses: number[] = [];
    const postTimes: number[] = [];
    // How many sends have gone out: the tail after the feed load is the sends alone.
    let postsStarted = 0;
    const sendAll = (async () => {
      const started = performance.now();
      const posts: Promise<void>[] = [];
      for (let i = 0; i < accounts.sends.length; i++) {
        const wait = started + (i * 1000) / RATE - performance.now();
        if (wait > 0) await sleep(wait);
        const { cookie, conversationId } = accounts.sends[i]!;
        const content = `bench message ${i}`;
        const at = performance.now();
        sent.set(content, at);
        postsStarted++;
        posts.push(
          postJson(
            agent,
            server.base,
            `/api/conversations/${conversationId}/messages`,
            { content },
            cookie,
          ).then((answer) => {
            postStatuses.push(answer.status);
            postTimes.push(performance.now() - at);
          }),
        );
      }
      await Promise.all(posts);
    })();
    cpuFrom = cpuSnapshot(pid);
    cpuStarted = performance.now();
    const during = await load(feed, { connections: 10, seconds: SECONDS, ownThread: true });
    const duringCpu = cpuShare(cpuFrom, cpuSnapshot(pid), (performance.now() - cpuStarted) / 1000);
    // The server's CPU per message from here to the last answer: the POST and its fan-out to
    // the recipients' streams, with no feed load beside it (the figure the feed competes with).
    const tailFrom = { cpu: cpuSnapshot(pid).server, posts: postsStarted };
    await sendAll;
    const tailSends = postsStarted - tailFrom.posts;
    const cpuPerSend = (cpuSnapshot(pid).server - tailFrom.cpu) / Math.max(1, tailSends);
    for (let i = 0; i < 100 && arrived.size < sent.size; i++) await sleep(100);

    const latencies = [...sent].map(([content, at]) =>
      arrived.has(content) ? arrived.get(content)! - at : Number.POSITIVE_INFINITY,
    );
    const failedPosts = postStatuses.filter((status) => status !== 201).length;
    const p99 = quantile(latencies, 0.99);
    const shown = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(0)} ms` : 'never');
    rows.push(
      row(
        AREA,
        `send to event on the stream, p99: ${num(MESSAGES)} messages at ${RATE}/s, ${num(STREAMS)} streams`,
        `${shown(p99)} (p50 ${shown(quantile(latencies, 0.5))}; ${num(arrived.size)}/${num(sent.size)} arrived, ${failedPosts} sends refused)`,
        '<= 1000 ms',
        p99 <= 1000 && failedPosts === 0,
      ),
      row(
        AREA,
        'message POST itself, p99',
        `${shown(quantile(postTimes, 0.99))} (p50 ${shown(quantile(postTimes, 0.5))})`,
      ),
      row(
        AREA,
        `feed API (10 connections) with ${num(STREAMS)} streams open while sending / with none`,
        `${pct(during.requestsPerSecond / without.requestsPerSecond)} (${num(during.requestsPerSecond)} / ${num(without.requestsPerSecond)} req/s)`,
        '>= 70 %',
        during.requestsPerSecond / without.requestsPerSecond >= 0.7,
      ),
      row(AREA, 'CPU (cores) during the feed load, no streams', withoutCpu),
      row(AREA, 'CPU (cores) during the feed load, idle streams', idleCpu),
      row(AREA, 'CPU (cores) during the feed load while sending', duringCpu),
      row(
        AREA,
        `server CPU per message sent, with its events (the last ${num(tailSends)} sends, no feed load)`,
        `${cpuPerSend.toFixed(2)} ms`,
      ),
    );
  } finally {
    for (const request of requests) request.destroy();
    agent.destroy();
    await server.stop();
    if (placement) pinThisProcess(placement.all);
  }
  return rows;
}

export async function run(): Promise<BenchRow[]> {
  if (!process.env.DATABASE_URL) {
    return [row(AREA, 'open streams (Postgres)', 'skipped: set DATABASE_URL', '', false)];
  }
  const needed = STREAMS + SPARE_FILES;
  if (openFilesLimit() < needed && !process.env.BENCH_STREAMS_ROWS_FILE) {
    return runWithRaisedLimit(needed);
  }
  if (openFilesLimit() < needed) {
    throw new Error(`open-file limit ${openFilesLimit()} is below ${needed}: raise the hard limit`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'darefund-bench-streams-'));
  const databaseUrl = (await createTestDatabase())!;
  try {
    return await measure(dataDir, databaseUrl);
  } finally {
    await dropTestDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const rows = await run();
  if (process.env.BENCH_STREAMS_ROWS_FILE) {
    writeFileSync(process.env.BENCH_STREAMS_ROWS_FILE, JSON.stringify(rows));
  } else {
    printRows('Open streams', rows);
  }
}

// `npm run bench:startup` (issue 14 target 5, issue 23 item 4): what a newcomer waits for.
// The committed HEAD is cloned into a temp folder, node_modules is hard-linked in and the
// clone's own postinstall runs (a fresh machine right after `npm install`; the cached PGlite
// and demo images of decisions 0057 and 0061 are removed first, so the clone makes its own),
// then `npm start` runs there as the README says. The clock stops at the first 200 for GET /
// once GET /api/dares has dares. Then the server is stopped and `npm start` runs again on
// what the first start left behind. The postinstall and both starts share one port and public
// address (the demo image is keyed by it). The CPU rows time a new PGlite database in
// process: initdb + migrations (the old first start, and every test app before decision
// 0057) and from the image.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../src/server/db/client';
import { runMigrations } from '../src/server/db/migrate';
import { freePort } from '../tests/support/server-process';
import { type BenchRow, isMain, printRows, row } from './lib/report';

const AREA = '5 Start';
const FRESH_TARGET_MS = 3_000;
/** CPU of a new database from the image, migrations included (initdb: 2-5 s). */
const IMAGE_CPU_TARGET_MS = 1_000;
const SECOND_TARGET_MS = 3_000;
const TIMEOUT_MS = 180_000;
const repoRoot = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** A clone of the committed HEAD (or BENCH_COMMIT) with the installed node_modules linked in. */
function freshClone(): { dir: string; commit: string } {
  const parent = mkdtempSync(join(tmpdir(), 'darefund-startup-'));
  const dir = join(parent, 'darefund');
  // BENCH_COMMIT: another commit to start (e.g. the one before a change, for a before/after).
  const wanted = process.env.BENCH_COMMIT ?? 'HEAD';
  const commit = execFileSync('git', ['rev-parse', wanted], { cwd: repoRoot }).toString().trim();
  execFileSync('git', ['clone', '--quiet', '--no-checkout', repoRoot, dir]);
  execFileSync('git', ['checkout', '--quiet', commit], { cwd: dir });
  // Hard links: as fast as a symlink, but node resolves packages inside the clone.
  execFileSync('cp', ['-al', join(repoRoot, 'node_modules'), join(dir, 'node_modules')]);
  rmSync(join(dir, 'node_modules', '.cache', 'darefund'), { recursive: true, force: true });
  return { dir, commit };
}

/**
 * What `npm install` runs after the packages are in (a commit without one: nothing), with the
 * settings the starts get: the demo image it makes is keyed by the public address (decision
 * 0061), as a newcomer's `npm install` and `npm start` share the default one.
 */
function postinstall(dir: string, env: Record<string, string>): number {
  const started = performance.now();
  execFileSync('npm', ['run', '--if-present', '--silent', 'postinstall'], {
    cwd: dir,
    // The environment the starts get: not the bench's own (its DATABASE_URL, say).
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return performance.now() - started;
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const kill = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    // npm and the node it started share the group: SIGTERM reaches the server itself.
    process.kill(-child.pid!, 'SIGTERM');
  });
}

async function demoFeedReady(origin: string): Promise<boolean> {
  const page = await fetch(`${origin}/`);
  await page.arrayBuffer();
  if (page.status !== 200) return false;
  const feed = await fetch(`${origin}/api/dares`);
  if (feed.status !== 200) return false;
  return ((await feed.json()) as { items: unknown[] }).items.length > 0;
}

/** The port and public address both starts (and the postinstall) are given. */
type StartSettings = { PORT: string; PUBLIC_URL: string };

/**
 * `npm start` in `dir` until the app answers with its demo feed: ms since the spawn, and
 * how its database came to be (startup-clock's step name: image, demo image, existing…).
 */
async function timeNpmStart(
  dir: string,
  settings: StartSettings,
): Promise<{ ms: number; database: string }> {
  const origin = settings.PUBLIC_URL;
  let database = 'unknown';
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: dir,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...settings,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  // The server's own step timings (src/server/startup-clock.ts), to read beside the figure.
  child.stdout!.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.includes('"startupMs"')) continue;
      const steps = JSON.parse(line).startupMs as Record<string, number>;
      console.error(`  steps: ${JSON.stringify(steps)}`);
      const step = Object.keys(steps).find((name) => name.startsWith('database ('));
      if (step) database = step.slice('database ('.length, -1);
    }
  });
  try {
    while (performance.now() - started < TIMEOUT_MS) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      try {
        if (await demoFeedReady(origin)) {
          const ms = performance.now() - started;
          // The log line with the steps comes once the server listens: wait for it a little.
          for (let waited = 0; database === 'unknown' && waited < 2_000; waited += 50) {
            await new Promise((done) => setTimeout(done, 50));
          }
          return { ms, database };
        }
      } catch {
        // Not listening yet.
      }
      await new Promise((done) => setTimeout(done, 50));
    }
    throw new Error('npm start did not answer in time');
  } finally {
    await stop(child);
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** CPU (user + system) of opening a new in-memory PGlite database and migrating it. */
async function newDatabaseCpu(image: 'ensure' | 'none'): Promise<number> {
  const before = process.cpuUsage();
  const database = await openDatabase({ dataDir: 'memory://', image });
  await runMigrations(database);
  const used = process.cpuUsage(before);
  await database.close();
  return (used.user + used.system) / 1000;
}

export async function run(): Promise<BenchRow[]> {
  // Made (when missing) before either is timed: the 'ensure' one is then a load.
  await newDatabaseCpu('ensure');
  const initdbCpu = await newDatabaseCpu('none');
  const imageCpu = await newDatabaseCpu('ensure');
  const { dir, commit } = freshClone();
  try {
    const port = await freePort();
    const settings = { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` };
    const install = postinstall(dir, settings);
    const fresh = await timeNpmStart(dir, settings);
    const second = await timeNpmStart(dir, settings);
    const at = `(clone of ${commit.slice(0, 7)})`;
    return [
      row(AREA, 'postinstall of the fresh clone (PGlite and demo images)', seconds(install)),
      row(
        AREA,
        `fresh clone: npm start -> GET / 200 with the demo feed ${at}, database from: ${fresh.database}`,
        seconds(fresh.ms),
        `<= ${seconds(FRESH_TARGET_MS)}`,
        fresh.ms <= FRESH_TARGET_MS,
      ),
      row(
        AREA,
        `second npm start -> GET / 200 with the demo feed, database: ${second.database}`,
        seconds(second.ms),
        `<= ${seconds(SECOND_TARGET_MS)}`,
        second.ms <= SECOND_TARGET_MS,
      ),
      row(AREA, 'new PGlite database: initdb + migrations, CPU', seconds(initdbCpu)),
      row(
        AREA,
        'new PGlite database: from the image + migrations, CPU',
        seconds(imageCpu),
        `<= ${seconds(IMAGE_CPU_TARGET_MS)}`,
        imageCpu <= IMAGE_CPU_TARGET_MS,
      ),
    ];
  } finally {
    rmSync(resolve(dir, '..'), { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) printRows('Start (issue 14 target 5, issue 23 item 4)', await run());

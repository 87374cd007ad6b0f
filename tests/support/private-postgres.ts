import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './server-process';

const run = promisify(execFile);

/**
 * A throwaway Postgres cluster of this test alone, for tests that take the database away
 * under a running app. The machine's server on port 5432 is shared by every agent and CI
 * job and must never be stopped; this one lives in a temp folder on a free port.
 */
export type PrivatePostgres = {
  /** postgres://postgres@127.0.0.1:<port>/postgres (trust authentication, no password). */
  url: string;
  /** `pg_ctl stop -m immediate`: every connection is cut at once, as in a crash. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** SIGSTOP to every server process: connections stay open and nothing answers (a hang). */
  pause: () => void;
  resume: () => void;
  /** Stops the server (whatever state it is in) and removes its folder. */
  destroy: () => Promise<void>;
};

const DEBIAN_POSTGRES = '/usr/lib/postgresql';

/** Debian's server binaries (package postgresql), the newest version; undefined without them. */
export function postgresBinDir(): string | undefined {
  if (!existsSync(DEBIAN_POSTGRES)) return undefined;
  const versions = readdirSync(DEBIAN_POSTGRES)
    .filter((version) => existsSync(join(DEBIAN_POSTGRES, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(DEBIAN_POSTGRES, versions[0], 'bin') : undefined;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(`no initdb under ${DEBIAN_POSTGRES} (install the postgresql package)`);
  const dir = await mkdtemp(join(tmpdir(), 'darefund-private-pg-'));
  // initdb refuses to run as root: the cluster then belongs to the postgres OS user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const ids = await run('id', ['-u', 'postgres']).then(async ({ stdout }) => ({
      uid: Number(stdout),
      gid: Number((await run('id', ['-g', 'postgres'])).stdout),
    }));
    await chown(dir, ids.uid, ids.gid);
  }
  const as = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);

  const data = join(dir, 'data');
  await as(join(bin, 'initdb'), [
    ...['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
  ]);
  const port = await freePort();
  // Durability is of no use to a throwaway cluster; the socket stays in its own folder.
  const serverOptions = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const pgCtl = (...args: string[]) => as(join(bin, 'pg_ctl'), ['-D', data, ...args]);
  const start = async () => {
    await pgCtl('-w', '-t', '60', '-l', join(dir, 'server.log'), '-o', serverOptions, 'start');
  };
  const stop = async () => {
    await pgCtl('-w', '-t', '60', '-m', 'immediate', 'stop');
  };
  const signalAll = (signal: NodeJS.Signals) => {
    for (const pid of serverProcesses(data)) process.kill(pid, signal);
  };

  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    pause: () => signalAll('SIGSTOP'),
    resume: () => signalAll('SIGCONT'),
    destroy: async () => {
      try {
        signalAll('SIGCONT');
      } catch {
        // Not running.
      }
      await stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The postmaster (first line of postmaster.pid) and its children, from /proc. */
function serverProcesses(data: string): number[] {
  const postmaster = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // pid (comm) state ppid ...: the command may hold spaces, so read after its ')'.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

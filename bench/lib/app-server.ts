// Starting the built server (dist/server/main.js) for a bench, and loading it with autocannon.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import autocannon from 'autocannon';
import { freePort } from '../../tests/support/server-process';

export type AppServer = { base: string; child: ChildProcess; stop: () => Promise<void> };

export async function waitForAnswer(url: string, child: ChildProcess) {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no answer from ${url}`);
}

/**
 * The production entry point on 127.0.0.1 (`port`, else a free one), answering once it
 * listens (after migrations and, with SEED_DEMO=true in `env`, the demo seed). `nodeArgs`
 * e.g. --cpu-prof. stop() sends SIGTERM, then SIGKILL after 10 s.
 */
export async function startAppServer(options: {
  port?: number;
  dataDir: string;
  databaseUrl?: string;
  nodeArgs?: string[];
  env?: Record<string, string>;
  /** Keep the server's stdout out of the bench's output. */
  quiet?: boolean;
  /**
   * The server's open-file limit (`ulimit -n`, capped at the hard limit): every stream or
   * connection it holds is one descriptor. The child is the server itself (bash execs it).
   */
  openFiles?: number;
  /** The CPUs the server may run on (`taskset -c`, e.g. '0'); every CPU when unset. */
  cpus?: string;
}): Promise<AppServer> {
  if (!existsSync('dist/server/main.js') || !existsSync('dist/web/index.html')) {
    throw new Error('The bench needs the build: run `npm run build` first');
  }
  const port = options.port ?? (await freePort());
  const args = [...(options.nodeArgs ?? []), 'dist/server/main.js'];
  const [unpinned, unpinnedArgs] = options.openFiles
    ? [
        'bash',
        [
          '-c',
          `ulimit -n ${options.openFiles} 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"`,
          process.execPath,
          ...args,
        ],
      ]
    : [process.execPath, args];
  // taskset execs what it runs, as bash does: the child's pid stays the server's.
  const [command, commandArgs] = options.cpus
    ? ['taskset', ['-c', options.cpus, unpinned, ...unpinnedArgs]]
    : [unpinned, unpinnedArgs];
  const child = spawn(command, commandArgs, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: options.dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: options.databaseUrl ?? '',
      ...options.env,
    },
    stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(kill);
  };
  try {
    await waitForAnswer(`${base}/robots.txt`, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, child, stop };
}

/** Signs in through the API; returns the cookie header value. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (response.status !== 200 || !cookie) throw new Error(`login failed: ${response.status}`);
  return cookie;
}

export type LoadResult = { requestsPerSecond: number; p50: number; p99: number };

/**
 * A 2 s warm-up, then `connections` for `seconds`; any non-2xx answer fails the bench.
 * `ownThread`: the requests go out from a worker thread (autocannon's `workers`), so that
 * other work of the bench's own event loop (streams it reads, requests it sends meanwhile)
 * cannot hold them back and be counted as the server's slowness.
 */
export async function load(
  url: string,
  options: {
    connections: number;
    seconds: number;
    headers?: Record<string, string>;
    ownThread?: boolean;
  },
): Promise<LoadResult> {
  const headers = options.headers ?? {};
  const workers = options.ownThread ? 1 : 0;
  await autocannon({ url, headers, connections: 4, duration: 2, workers });
  const result = await autocannon({
    url,
    headers,
    connections: options.connections,
    duration: options.seconds,
    workers,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

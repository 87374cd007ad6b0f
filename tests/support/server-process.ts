import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The real entry point (src/server/main.ts, through tsx) as a child process, and its HTTP. */

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server with exactly `env` (plus PATH); the caller waits with waitForHttp. */
export function spawnServer(
  env: Record<string, string>,
  stdio: 'pipe' | 'ignore' | 'inherit' = 'pipe',
) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', stdio, stdio],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

export type AppProcess = {
  base: string;
  server: ReturnType<typeof spawnServer>;
  /** Resolves once the server answers HTTP. */
  ready: Promise<Response>;
  /** Kills the process if it still runs and removes its DATA_DIR. */
  stop: () => Promise<void>;
};

/**
 * The entry point on a free port of 127.0.0.1 with a fresh DATA_DIR, in production mode
 * without the demo seed unless `env` says otherwise. The caller awaits `ready` (several can
 * start at once) and calls `stop`.
 */
export async function startAppProcess(env: Record<string, string> = {}): Promise<AppProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'darefund-process-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawnServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    ...env,
  });
  const ready = waitForHttp(`${base}/api/user`, server.child);
  ready.catch(() => undefined);
  const stop = async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
    }
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  return { base, server, ready, stop };
}

/** The first answer from `url`, polling while the process starts. */
export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited during startup');
    try {
      return await fetch(url);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`no answer from ${url}`);
}

/** A JSON POST to the server as the web app sends it (same Origin); throws on a non-2xx. */
export function jsonPoster(origin: string, cookie?: string) {
  return async (path: string, body: unknown) => {
    const response = await fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${path} ${response.status}: ${json.message}`);
    return { json, response };
  };
}

/** Resident memory of a process in bytes (Linux). */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb) * 1024;
}

/** Registers a user through HTTP and returns their session cookie. */
export async function registerOverHttp(base: string, email: string): Promise<string> {
  const body = { email, password: 'secret1', confirmPassword: 'secret1' };
  const { response } = await jsonPoster(base)('/api/register', body);
  const sid = response.headers.getSetCookie().find((value) => value.startsWith('sid='));
  return sid?.split(';')[0] ?? '';
}

export type StreamedResponse = { status: number; body: string; sentBytes: number };

/**
 * POSTs a body produced chunk by chunk with node:http (not fetch), so an answer that comes
 * while the body is still being sent is seen, along with how much had been sent by then.
 * `chunks` is pulled only while the server accepts data; it stops once an answer arrived.
 */
export function streamPost(
  url: string,
  headers: Record<string, string>,
  chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
): Promise<StreamedResponse> {
  return new Promise((resolve, reject) => {
    let sentBytes = 0;
    let answered = false;
    // A fresh keep-alive connection, as browsers use: a pooled one may be closed by the
    // server's keep-alive timeout just as it is reused, and `Connection: close` makes the
    // server close right after an early answer (a reset that can overtake the answer).
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const req = request(url, { method: 'POST', headers, agent }, (res) => {
      answered = true;
      const sentAtAnswer = sentBytes;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => {
        agent.destroy();
        resolve({ status: res.statusCode ?? 0, body, sentBytes: sentAtAnswer });
      });
      res.on('error', reject);
    });
    // Writes after the server answered and closed fail; the answer is what counts.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    void (async () => {
      for await (const chunk of chunks) {
        if (answered || req.destroyed) return;
        sentBytes += chunk.length;
        if (!req.write(chunk)) {
          await new Promise<void>((resolve) => {
            const done = () => {
              req.off('drain', done);
              req.off('close', done);
              resolve();
            };
            req.on('drain', done);
            req.on('close', done);
          });
        }
      }
      if (!answered && !req.destroyed) req.end();
    })().catch((error) => {
      if (!answered) reject(error);
    });
  });
}

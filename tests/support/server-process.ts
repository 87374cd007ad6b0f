import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

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

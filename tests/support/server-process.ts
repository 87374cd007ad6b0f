import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';

/** The real entry point (src/server/main.ts) as a child process, for tests of the process. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type ServerProcess = {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
};

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited during startup');
    try {
      return await fetch(url);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`no answer from ${url}`);
}

/** Resident memory of a process in bytes (Linux). */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb) * 1024;
}

/** Registers a user through HTTP and returns their session cookie. */
export async function registerOverHttp(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret1', confirmPassword: 'secret1' }),
  });
  if (response.status !== 201) throw new Error(`register: ${response.status}`);
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
    const req = request(url, { method: 'POST', headers }, (res) => {
      answered = true;
      const sentAtAnswer = sentBytes;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sentBytes: sentAtAnswer }));
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
          await new Promise((resolve) => {
            req.once('drain', resolve);
            req.once('close', resolve);
          });
        }
      }
      if (!answered && !req.destroyed) req.end();
    })().catch((error) => {
      if (!answered) reject(error);
    });
  });
}

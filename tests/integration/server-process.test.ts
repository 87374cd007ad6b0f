import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, spawnServer, waitForHttp } from '../support/server-process';
import { createTestDatabase, dropTestDatabase } from '../support/test-database';

/** The real entry point (src/server/main.ts) as a process: startup, config errors, SIGTERM. */
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe('server process', () => {
  it('refuses to start on a bad setting, naming the variable', async () => {
    const server = spawnServer({ PORT: 'not-a-port', DATA_DIR: tmpdir() });
    expect((await server.exited).code).toBe(1);
    expect(server.output()).toContain('PORT');
  });

  // Causes that can be produced here; password failures (28P01) are in the unit test.
  it.each([
    ['postgres://postgres:hunter22@127.0.0.1:1/x', 'connection refused'],
    ['postgres://postgres:hunter22@127.0.0.1:5432/darefund_no_such_db', 'unknown database'],
    ['postgres://no_such_role:hunter22@127.0.0.1:5432/postgres', 'authentication failed'],
    ['postgres://postgres:hunter22@no-such-host.invalid:5432/x', 'host not found'],
  ])('refuses to start on an unreachable database %s in one line: %s', async (url, cause) => {
    const server = spawnServer({ DATABASE_URL: url, DATA_DIR: tmpdir() });
    expect((await server.exited).code).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines, server.output()).toHaveLength(1);
    expect(lines[0]).toContain('DATABASE_URL');
    expect(lines[0]).toContain(cause);
    expect(lines[0]).toContain(new URL(url).host);
    expect(lines[0]).not.toContain('hunter22');
  });

  it('starts on a fresh DATA_DIR, and on SIGTERM finishes in-flight requests then exits 0', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'darefund-process-'));
    const databaseUrl = await createTestDatabase();
    cleanups.push(async () => {
      await dropTestDatabase(databaseUrl);
      await rm(dataDir, { recursive: true, force: true });
    });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = spawnServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      NODE_ENV: 'production',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const first = await waitForHttp(`${base}/api/user`, server.child);
    expect(first.status).toBe(401);

    // Registration hashes a password (tens of ms): it is in flight when SIGTERM arrives.
    const inFlight = fetch(`${base}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'inflight@example.com',
        password: 'secret1',
        confirmPassword: 'secret1',
      }),
    });
    // Signal only once the server has the request (its log says so), not on a timer.
    for (let i = 0; i < 500 && !server.output().includes('"route":"/api/register"'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    server.child.kill('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(201);
    const { code } = await server.exited;
    expect(code, server.output()).toBe(0);
    // A cold process (transpile, migrations on PGlite) on a busy 2-core machine took over 30 s.
  }, 90_000);
});

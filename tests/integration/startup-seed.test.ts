import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { dares, users } from '@/server/db/schema';
import { DEMO_DARES, DEMO_PASSWORD, DEMO_USERS } from '@/server/seed/demo-data';
import { startAppProcess } from '../support/server-process';
import { createTestDatabase, dropTestDatabase } from '../support/test-database';

/**
 * Issue 19 item 25: the demo seed of a first start. Real server processes (the entry point),
 * so the advisory lock and the crash output are the ones production has.
 */
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Nothing of a demo account's secrets or addresses may reach the output. */
function expectNoSecrets(output: string) {
  expect(output).not.toContain('$argon2');
  expect(output).not.toContain(DEMO_PASSWORD);
  for (const user of DEMO_USERS) expect(output).not.toContain(user.email);
  expect(output).not.toMatch(/@demo\.darefund/);
}

describe.skipIf(!process.env.DATABASE_URL)(
  'two instances starting together (Postgres only: a PGlite database belongs to one process)',
  () => {
    it('on one empty database both come up and the demo is seeded once', async () => {
      const databaseUrl = (await createTestDatabase())!;
      cleanups.push(() => dropTestDatabase(databaseUrl));
      const env = { DATABASE_URL: databaseUrl, SEED_DEMO: 'true' };
      const both = await Promise.all([startAppProcess(env), startAppProcess(env)]);
      for (const instance of both) cleanups.push(instance.stop);
      const started = await Promise.allSettled(both.map((instance) => instance.ready));
      const outputs = both.map((instance) => instance.server.output()).join('\n');
      expect(
        started.map((result) => result.status),
        outputs.slice(-3000),
      ).toEqual(['fulfilled', 'fulfilled']);

      const database = await openDatabase({ databaseUrl });
      try {
        const [people] = await database.db.select({ n: count() }).from(users);
        const [made] = await database.db.select({ n: count() }).from(dares);
        expect({ users: people!.n, dares: made!.n }).toEqual({
          users: DEMO_USERS.length + 1, // and the demo moderator

          dares: DEMO_DARES.length,
        });
      } finally {
        await database.close();
      }
      expectNoSecrets(outputs);
    }, 240_000);
  },
);

describe('a start that fails while seeding', () => {
  it('exits 1 with the reason, and no email, password or hash in its output', async () => {
    const databaseUrl = await createTestDatabase();
    const dataDir = await mkdtemp(join(tmpdir(), 'darefund-crash-'));
    cleanups.push(async () => {
      await dropTestDatabase(databaseUrl);
      await rm(dataDir, { recursive: true, force: true });
    });
    // A migrated database that refuses the demo users' insert (which carries their hashes).
    const database = await openDatabase({ databaseUrl, dataDir });
    await runMigrations(database);
    await database.db.execute(
      sql.raw(`ALTER TABLE users ADD CONSTRAINT forced_seed_failure CHECK (username <> 'maya')`),
    );
    await database.close();

    const instance = await startAppProcess({
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    cleanups.push(instance.stop);
    const { code } = await instance.server.exited;
    const output = instance.server.output();
    expect(code, output).toBe(1);
    expect(output).toContain('forced_seed_failure');
    expectNoSecrets(output);
  }, 240_000);
});

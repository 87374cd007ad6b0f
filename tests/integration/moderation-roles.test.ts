import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/server/db/client';
import { runMigrations } from '@/server/db/migrate';
import { users } from '@/server/db/schema';
import { hashPassword } from '@/server/modules/auth/password';
import { setRole } from '@/server/modules/moderation/set-role';
import { DEMO_PASSWORD } from '@/server/seed/demo-data';
import { addDemoModerator, DEMO_MODERATOR } from '@/server/seed/demo-moderator';
import { runAdmin } from '../support/admin-cli';
import { eventually } from '../support/eventually';
import { moderationApi } from '../support/moderation';
import { APP_START_TIMEOUT, createTestApp, type TestApp } from '../support/test-app';
import { createTestDatabase, dropTestDatabase } from '../support/test-database';
import { registerUser, sessionCookie } from '../support/users';

/** Issue 21 item 3: roles, granted by `npm run admin -- set-role`; the demo moderator. */
let t: TestApp;
let api: ReturnType<typeof moderationApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = moderationApi(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('set-role', () => {
  it('grants and takes back the moderator role; signed-in sessions follow (NOTIFY drops their cache)', async () => {
    const person = await registerUser(t.app);
    const queueAnswer = (status: number) => async () =>
      (await api.queue(person.cookie)).statusCode === status;
    expect(await queueAnswer(403)()).toBe(true);
    const granted = await setRole(t.app.ctx.db, person.email.toUpperCase(), 'moderator');
    expect(granted).toMatchObject({ id: person.user.id, role: 'moderator' });
    await eventually(queueAnswer(200));
    const me = await t.app.inject({ url: '/api/user', headers: { cookie: person.cookie } });
    expect(me.json().role).toBe('moderator');
    await setRole(t.app.ctx.db, person.email, 'user');
    await eventually(queueAnswer(403));
  });

  it('says plainly what is wrong: an unknown address, a role that does not exist', async () => {
    const person = await registerUser(t.app);
    await expect(setRole(t.app.ctx.db, 'nobody@example.com', 'moderator')).rejects.toThrow(
      "No account has the email address 'nobody@example.com'",
    );
    await expect(setRole(t.app.ctx.db, person.email, 'superuser')).rejects.toThrow(
      "Unknown role 'superuser': use one of user, moderator, admin",
    );
  });

  it(
    'runs as `npm run admin -- set-role <email> <role>`',
    async () => {
      // The command's own database: a Postgres database of its own, or a PGlite folder.
      const url = await createTestDatabase();
      const dataDir = await mkdtemp(join(tmpdir(), 'darefund-admin-'));
      const env: Record<string, string> = url
        ? { DATABASE_URL: url, DATA_DIR: dataDir }
        : { DATA_DIR: dataDir };
      const open = () => openDatabase({ databaseUrl: url, dataDir });
      try {
        let database = await open();
        await runMigrations(database);
        await database.db.insert(users).values({
          email: 'Helper@Example.com',
          username: 'helper',
          passwordHash: 'x',
        });
        await database.close();

        const usage = await runAdmin(['set-role', 'helper@example.com'], env);
        expect(usage.code).toBe(2);
        expect(usage.stderr).toContain('set-role <email> <user|moderator|admin>');
        const badRole = await runAdmin(['set-role', 'helper@example.com', 'boss'], env);
        expect(badRole.code).toBe(1);
        expect(badRole.stderr).toContain("Unknown role 'boss'");
        const unknown = await runAdmin(['set-role', 'ghost@example.com', 'moderator'], env);
        expect(unknown.code).toBe(1);
        expect(unknown.stderr).toContain("No account has the email address 'ghost@example.com'");
        const done = await runAdmin(['set-role', 'helper@example.com', 'moderator'], env);
        expect(done.stderr).toBe('');
        expect(done.code).toBe(0);
        expect(done.stdout).toContain('helper');

        database = await open();
        const [row] = await database.db.select().from(users).where(eq(users.username, 'helper'));
        expect(row!.role).toBe('moderator');
        await database.close();
      } finally {
        await dropTestDatabase(url);
        await rm(dataDir, { recursive: true, force: true });
      }
    },
    APP_START_TIMEOUT,
  );
});

describe('the demo moderator', () => {
  it('is added verified with the moderator role, once, and signs in with the demo password', async () => {
    const hash = await hashPassword(DEMO_PASSWORD);
    expect(await addDemoModerator(t.app.ctx.db, hash)).toBe(true);
    expect(await addDemoModerator(t.app.ctx.db, hash)).toBe(false);
    const rows = await t.app.ctx.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_MODERATOR.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ role: 'moderator', emailVerified: true });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'mod@demo.darefund.app', password: 'demo1234', rememberMe: false },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().role).toBe('moderator');
    expect((await api.queue(sessionCookie(login))).statusCode).toBe(200);
  });
});

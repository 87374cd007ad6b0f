import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/server/app';
import { openDatabase } from '@/server/db/client';
import { dares, sessions, users } from '@/server/db/schema';
import { enqueueJob } from '@/server/jobs/queue';
import { runDueJobs } from '@/server/jobs/runner';
import { SEND_EMAILS_JOB } from '@/server/jobs/send-emails';
import { EXPIRE_DARES_SWEEP_JOB } from '@/server/modules/lifecycle/expire-dares';
import { newConversation } from '../support/conversations';
import { createDare } from '../support/dares';
import { eventually } from '../support/eventually';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/**
 * The shared anonymous feed page and the session cache (decision 0027): what a visitor or
 * a signed-in user would notice if a cache kept something it must not.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Page = { items: Array<{ id: number; title: string; likeCount: number }> };
const firstPage = async (app: FastifyInstance): Promise<Page> => {
  const response = await app.inject({ url: '/api/dares?limit=50' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  return response.json();
};
const currentUser = (app: FastifyInstance, cookie: string) =>
  app.inject({ url: '/api/user', headers: { cookie } });

describe('the shared anonymous first page', () => {
  it('serves every visitor the same page, and a change through the app shows at once', async () => {
    const { user, cookie } = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, { creatorId: user.id });
    const before = await firstPage(t.app);
    expect(before).toEqual(await firstPage(t.app));
    const likes = before.items.find((d) => d.id === dare.id)!.likeCount;

    const like = await t.app.inject({
      method: 'POST',
      url: `/api/dares/${dare.id}/likes`,
      headers: { cookie },
    });
    expect(like.statusCode).toBe(200);
    expect((await firstPage(t.app)).items.find((d) => d.id === dare.id)!.likeCount).toBe(likes + 1);
  });

  it('drops the page when a dare changes behind the app (another instance, a job)', async () => {
    const { user } = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, { creatorId: user.id });
    await firstPage(t.app);
    await t.app.ctx.db
      .update(dares)
      .set({ title: 'Renamed elsewhere' })
      .where(eq(dares.id, dare.id));
    await eventually(async () =>
      (await firstPage(t.app)).items.some((d) => d.title === 'Renamed elsewhere'),
    );
    const added = await createDare(t.app.ctx.db, { creatorId: user.id });
    await eventually(async () => (await firstPage(t.app)).items[0]?.id === added.id);
  });

  it('later pages are shared too and follow a change, while a forged cursor stays a 400', async () => {
    const { user, cookie } = await registerUser(t.app);
    const older = await createDare(t.app.ctx.db, { creatorId: user.id });
    await createDare(t.app.ctx.db, { creatorId: user.id });
    const first = (await t.app.inject({ url: '/api/dares?limit=1' })).json();
    const later = `/api/dares?limit=1&cursor=${first.nextCursor}`;
    const page = (await t.app.inject({ url: later })).json();
    expect(page.items[0].id).toBe(older.id);
    expect((await t.app.inject({ url: later })).json()).toEqual(page);

    await t.app.inject({
      method: 'POST',
      url: `/api/dares/${older.id}/likes`,
      headers: { cookie },
    });
    expect((await t.app.inject({ url: later })).json().items[0].likeCount).toBe(
      page.items[0].likeCount + 1,
    );
    for (let i = 0; i < 2; i++) {
      expect((await t.app.inject({ url: '/api/dares?cursor=forged' })).statusCode).toBe(400);
    }
  });

  it('keeps the pages through views, the most frequent write', async () => {
    const { user } = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, { creatorId: user.id });
    // The insert's own NOTIFY reaches this instance a moment later on Postgres.
    await eventually(async () => (await firstPage(t.app)).items[0]?.id === dare.id);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await firstPage(t.app);
    // The visitors' variant (G): the shared pages without R-rated dares (issue 21).
    const held = () => t.app.ctx.caches.feedPages.peek('G:all:50:');
    const page = held();
    expect(page).toBeDefined();
    const view = await t.app.inject({ method: 'POST', url: `/api/dares/${dare.id}/views` });
    expect(view.statusCode).toBe(204);
    // Not dropped on this instance, and no NOTIFY reaches the others (0014's WHEN clause).
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(held()).toBe(page);
  });

  // Issue 23: a busy inbox emptied the feed caches many times a second.
  it('keeps the pages through messages and read marks', async () => {
    const { ann, bo, id, send } = await newConversation(t.app);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await firstPage(t.app);
    const held = () => t.app.ctx.caches.feedPages.peek('G:all:50:');
    const page = held();
    expect(page).toBeDefined();
    const sent = await send(ann.cookie, 'hi');
    expect(sent.statusCode).toBe(201);
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/read`,
      headers: { cookie: bo.cookie },
    });
    expect(read.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(held()).toBe(page);
  });

  // Issue 23: every message queues its email (and push) job; a tick that only delivers
  // changes nothing a feed shows, so it keeps the pages; a tick that changes dares drops them.
  it('keeps the pages through delivery jobs, drops them after a job that changes dares', async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    await firstPage(t.app);
    const held = () => t.app.ctx.caches.feedPages.peek('G:all:50:');
    const page = held();
    expect(page).toBeDefined();
    await enqueueJob(t.app.ctx.db, { kind: SEND_EMAILS_JOB });
    const delivery = await runDueJobs(t.app.ctx, { workerId: 'cache-test', periodic: [] });
    expect(delivery.claimed).toBeGreaterThan(0);
    expect(held()).toBe(page);
    await enqueueJob(t.app.ctx.db, { kind: EXPIRE_DARES_SWEEP_JOB });
    const sweep = await runDueJobs(t.app.ctx, { workerId: 'cache-test', periodic: [] });
    expect(sweep.claimed).toBeGreaterThan(0);
    expect(held()).toBeUndefined();
  });

  it("shows a creator's new name", async () => {
    const { user } = await registerUser(t.app);
    await createDare(t.app.ctx.db, { creatorId: user.id });
    const page = await firstPage(t.app);
    expect(JSON.stringify(page)).not.toContain('Renamed Person');
    await t.app.ctx.db
      .update(users)
      .set({ displayName: 'Renamed Person' })
      .where(eq(users.id, user.id));
    await eventually(async () => JSON.stringify(await firstPage(t.app)).includes('Renamed Person'));
  });
});

describe('the session cache', () => {
  it('logout ends the session at once; a session ended elsewhere ends here too', async () => {
    const first = await registerUser(t.app);
    expect((await currentUser(t.app, first.cookie)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: first.cookie },
    });
    expect(logout.statusCode).toBeLessThan(300);
    expect((await currentUser(t.app, first.cookie)).statusCode).toBe(401);

    const second = await registerUser(t.app);
    expect((await currentUser(t.app, second.cookie)).statusCode).toBe(200);
    await t.app.ctx.db.delete(sessions).where(eq(sessions.userId, second.user.id));
    await eventually(async () => (await currentUser(t.app, second.cookie)).statusCode === 401);
  });

  it('GET /api/user shows a profile change at once, made here or elsewhere', async () => {
    const { user, cookie } = await registerUser(t.app);
    expect((await currentUser(t.app, cookie)).statusCode).toBe(200);
    const update = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { displayName: 'Fresh Name' },
    });
    expect(update.statusCode).toBe(200);
    expect((await currentUser(t.app, cookie)).json().displayName).toBe('Fresh Name');
    await t.app.ctx.db.update(users).set({ bio: 'Set elsewhere' }).where(eq(users.id, user.id));
    expect((await currentUser(t.app, cookie)).json().bio).toBe('Set elsewhere');
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two instances on one Postgres', () => {
  it('a change or a logout through A reaches B within 1 s', async () => {
    const database = await openDatabase({ databaseUrl: t.config.databaseUrl });
    const b = await buildApp({ config: t.config, database });
    await b.ready();
    try {
      const { user, cookie } = await registerUser(t.app);
      const dare = await createDare(t.app.ctx.db, { creatorId: user.id });
      await firstPage(b);
      expect((await currentUser(b, cookie)).statusCode).toBe(200);

      const like = await t.app.inject({
        method: 'POST',
        url: `/api/dares/${dare.id}/likes`,
        headers: { cookie },
      });
      expect(like.statusCode).toBe(200);
      await eventually(
        async () => (await firstPage(b)).items.find((d) => d.id === dare.id)?.likeCount === 1,
        1000,
      );

      await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
      await eventually(async () => (await currentUser(b, cookie)).statusCode === 401, 1000);
      const remaining = await t.app.ctx.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(eq(sessions.userId, user.id));
      expect(remaining).toEqual([]);
    } finally {
      await b.close();
      await database.close();
    }
  });
});

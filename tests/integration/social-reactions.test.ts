import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dareSaves, dares, dareViews } from '@/server/db/schema';
import { createDare } from '../support/dares';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

let t: TestApp;
let creatorId: number;
beforeAll(async () => {
  t = await createTestApp();
  creatorId = (await registerUser(t.app)).user.id;
});
afterAll(async () => {
  await t.close();
});

type Method = 'POST' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...headers, ...(cookie ? { cookie } : {}) } });

async function storedCounts(dareId: number) {
  const [row] = await t.app.ctx.db
    .select({ likeCount: dares.likeCount, viewCount: dares.viewCount })
    .from(dares)
    .where(eq(dares.id, dareId));
  return row!;
}

describe('dare likes', () => {
  it('likes and unlikes, idempotently, with the stored count', async () => {
    const dare = await createDare(t.app.ctx.db, { creatorId });
    const { cookie } = await registerUser(t.app);
    const url = `/api/dares/${dare.id}/likes`;

    const first = await call('POST', url, cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ liked: true, likeCount: 1 });
    expect((await call('POST', url, cookie)).json()).toEqual({ liked: true, likeCount: 1 });
    expect(await storedCounts(dare.id)).toMatchObject({ likeCount: 1 });

    const other = await registerUser(t.app);
    expect((await call('POST', url, other.cookie)).json()).toEqual({ liked: true, likeCount: 2 });

    expect((await call('DELETE', url, cookie)).json()).toEqual({ liked: false, likeCount: 1 });
    expect((await call('DELETE', url, cookie)).json()).toEqual({ liked: false, likeCount: 1 });
    expect(await storedCounts(dare.id)).toMatchObject({ likeCount: 1 });
  });

  it('counts 20 concurrent likes by different users', async () => {
    const dare = await createDare(t.app.ctx.db, { creatorId });
    const users = await Promise.all(Array.from({ length: 20 }, () => registerUser(t.app)));
    const url = `/api/dares/${dare.id}/likes`;
    const responses = await Promise.all(users.map((u) => call('POST', url, u.cookie)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    // Each answer counts at least its own like; the last committed one sees all 20.
    const counts = responses.map((r) => r.json().likeCount as number);
    expect(Math.max(...counts)).toBe(20);
    expect(await storedCounts(dare.id)).toMatchObject({ likeCount: 20 });

    const again = await Promise.all(users.map((u) => call('POST', url, u.cookie)));
    expect(again.every((r) => r.json().likeCount === 20)).toBe(true);
    await Promise.all(users.slice(0, 5).map((u) => call('DELETE', url, u.cookie)));
    expect(await storedCounts(dare.id)).toMatchObject({ likeCount: 15 });
  });

  it('needs a session (401) and a real dare (404)', async () => {
    const dare = await createDare(t.app.ctx.db, { creatorId });
    const anonymous = await call('POST', `/api/dares/${dare.id}/likes`);
    expect(anonymous.statusCode).toBe(401);
    const { cookie } = await registerUser(t.app);
    const missing = await call('POST', '/api/dares/999999/likes', cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Dare not found' });
    expect((await call('DELETE', '/api/dares/999999/likes', cookie)).statusCode).toBe(404);
  });
});

describe('dare saves', () => {
  it('saves and unsaves idempotently, for the signed-in user only', async () => {
    const dare = await createDare(t.app.ctx.db, { creatorId });
    const { cookie, user } = await registerUser(t.app);
    const url = `/api/dares/${dare.id}/saves`;
    expect((await call('POST', url)).statusCode).toBe(401);

    const saved = await call('POST', url, cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ saved: true });
    expect((await call('POST', url, cookie)).json()).toEqual({ saved: true });
    const rows = await t.app.ctx.db.select().from(dareSaves).where(eq(dareSaves.dareId, dare.id));
    expect(rows.map((r) => r.userId)).toEqual([user.id]);

    expect((await call('DELETE', url, cookie)).json()).toEqual({ saved: false });
    expect((await call('DELETE', url, cookie)).json()).toEqual({ saved: false });
    const after = await t.app.ctx.db.select().from(dareSaves).where(eq(dareSaves.dareId, dare.id));
    expect(after).toEqual([]);
    expect((await call('POST', '/api/dares/999999/saves', cookie)).statusCode).toBe(404);
  });
});

describe('dare views', () => {
  it('counts a signed-in viewer once per day, and two viewers separately', async () => {
    const dare = await createDare(t.app.ctx.db, { creatorId });
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const url = `/api/dares/${dare.id}/views`;
    const first = await call('POST', url, a.cookie);
    expect(first.statusCode).toBe(204);
    expect(first.body).toBe('');
    await call('POST', url, a.cookie);
    expect(await storedCounts(dare.id)).toMatchObject({ viewCount: 1 });
    await Promise.all([call('POST', url, b.cookie), call('POST', url, b.cookie)]);
    expect(await storedCounts(dare.id)).toMatchObject({ viewCount: 2 });
  });

  it('counts anonymous visitors by browser and address, never storing either', async () => {
    const dare = await createDare(t.app.ctx.db, { creatorId });
    const url = `/api/dares/${dare.id}/views`;
    const phone = { 'user-agent': 'Phone Browser 1.0' };
    const laptop = { 'user-agent': 'Laptop Browser 2.0' };
    expect((await call('POST', url, undefined, phone)).statusCode).toBe(204);
    await call('POST', url, undefined, phone);
    await call('POST', url, undefined, laptop);
    expect(await storedCounts(dare.id)).toMatchObject({ viewCount: 2 });
    const keys = await t.app.ctx.db.select().from(dareViews).where(eq(dareViews.dareId, dare.id));
    expect(keys).toHaveLength(2);
    for (const { viewerKey, day } of keys) {
      expect(viewerKey).toMatch(/^a:[\w-]{43}$/);
      expect(day).toBe(new Date().toISOString().slice(0, 10));
    }
  });

  it('counts the same viewer again on another day', async () => {
    const dare = await createDare(t.app.ctx.db, { creatorId });
    const a = await registerUser(t.app);
    // Yesterday's view, as the endpoint would have stored it then.
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await t.app.ctx.db
      .insert(dareViews)
      .values({ dareId: dare.id, viewerKey: `u:${a.user.id}`, day: yesterday });
    await call('POST', `/api/dares/${dare.id}/views`, a.cookie);
    expect(await storedCounts(dare.id)).toMatchObject({ viewCount: 1 });
    const rows = await t.app.ctx.db.select().from(dareViews).where(eq(dareViews.dareId, dare.id));
    expect(rows).toHaveLength(2);
  });

  it('answers 404 for an unknown dare', async () => {
    const response = await call('POST', '/api/dares/999999/views');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Dare not found' });
  });
});

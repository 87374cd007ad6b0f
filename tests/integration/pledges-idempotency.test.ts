import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dares, pledges } from '@/server/db/schema';
import { pruneIdempotencyKeys } from '@/server/modules/idempotency/answer-once';
import { createDare } from '../support/dares';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/**
 * POST /api/pledges honours Idempotency-Key as Stripe does (issue 19 item 10, decision 0031):
 * the same key, user and body answer the first pledge, status and body alike; another body
 * under the key is 422; keys are per user and kept 24 h.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function openDare() {
  const { user } = await registerUser(t.app);
  return createDare(t.app.ctx.db, { creatorId: user.id, status: 'pending' });
}

const pledge = (cookie: string, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/pledges',
    headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

const pledgesOn = (dareId: number) =>
  t.app.ctx.db.select().from(pledges).where(eq(pledges.dareId, dareId));

describe('POST /api/pledges with an Idempotency-Key', () => {
  it('answers a repeat with the first answer: same status, same body, one pledge', async () => {
    const dare = await openDare();
    const { cookie } = await registerUser(t.app);
    const key = randomUUID();
    const first = await pledge(cookie, { dareId: dare.id, amount: 10 }, key);
    const again = await pledge(cookie, { amount: 10, dareId: dare.id }, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await pledgesOn(dare.id)).toHaveLength(1);
  });

  it('refuses the same key with another body (422), and makes nothing', async () => {
    const dare = await openDare();
    const other = await openDare();
    const { cookie } = await registerUser(t.app);
    const key = randomUUID();
    expect((await pledge(cookie, { dareId: dare.id, amount: 10 }, key)).statusCode).toBe(201);
    for (const payload of [
      { dareId: dare.id, amount: 50 },
      { dareId: other.id, amount: 10 },
    ]) {
      const refused = await pledge(cookie, payload, key);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe(
        'Keys for idempotent requests can only be used with the same parameters they were first used with. Use a new Idempotency-Key for a new request.',
      );
    }
    expect(await pledgesOn(dare.id)).toHaveLength(1);
    expect(await pledgesOn(other.id)).toHaveLength(0);
  });

  it('keeps keys per user: the same key from someone else is their own pledge', async () => {
    const dare = await openDare();
    const ann = await registerUser(t.app);
    const bo = await registerUser(t.app);
    const key = randomUUID();
    const annPledge = await pledge(ann.cookie, { dareId: dare.id, amount: 10 }, key);
    const boPledge = await pledge(bo.cookie, { dareId: dare.id, amount: 10 }, key);
    expect(boPledge.statusCode).toBe(201);
    expect(boPledge.json().userId).toBe(bo.user.id);
    expect(boPledge.json().id).not.toBe(annPledge.json().id);
    expect(await pledgesOn(dare.id)).toHaveLength(2);
  });

  it('keeps a key 24 hours: after that it makes a new pledge', async () => {
    const dare = await openDare();
    const { cookie } = await registerUser(t.app);
    const key = randomUUID();
    const first = await pledge(cookie, { dareId: dare.id, amount: 10 }, key);
    await t.app.ctx.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`,
    );
    const later = await pledge(cookie, { dareId: dare.id, amount: 10 }, key);
    expect(later.statusCode).toBe(201);
    expect(later.json().id).not.toBe(first.json().id);
  });

  it('forgets keys past 24 hours (the hourly prune job)', async () => {
    const dare = await openDare();
    const { cookie } = await registerUser(t.app);
    const [old, fresh] = [randomUUID(), randomUUID()];
    await pledge(cookie, { dareId: dare.id, amount: 10 }, old);
    await pledge(cookie, { dareId: dare.id, amount: 10 }, fresh);
    await t.app.ctx.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${old}`,
    );
    await pruneIdempotencyKeys(t.app.ctx.db, new Date());
    const left = await t.app.ctx.db.execute(
      sql`select key from idempotency_keys where key in (${old}, ${fresh})`,
    );
    expect((left as unknown as { rows: { key: string }[] }).rows.map((row) => row.key)).toEqual([
      fresh,
    ]);
  });

  it('replays a refusal too: the same request answers the same 422', async () => {
    const dare = await openDare();
    await t.app.ctx.db.update(dares).set({ status: 'completed' }).where(eq(dares.id, dare.id));
    const { cookie } = await registerUser(t.app);
    const key = randomUUID();
    const first = await pledge(cookie, { dareId: dare.id, amount: 10 }, key);
    const again = await pledge(cookie, { dareId: dare.id, amount: 10 }, key);
    expect(first.statusCode).toBe(422);
    expect([again.statusCode, again.body]).toEqual([first.statusCode, first.body]);
  });

  it('100 parallel identical requests make one pledge and all answer it', async () => {
    const dare = await openDare();
    const { cookie } = await registerUser(t.app);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => pledge(cookie, { dareId: dare.id, amount: 20 }, key)),
    );
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([201]));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(await pledgesOn(dare.id)).toHaveLength(1);
  });

  it('refuses a key that is too long with a clear message', async () => {
    const dare = await openDare();
    const { cookie } = await registerUser(t.app);
    const response = await pledge(cookie, { dareId: dare.id, amount: 10 }, 'k'.repeat(256));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Idempotency-Key must be 1 to 255 characters');
  });

  it('without a key, each request is its own pledge', async () => {
    const dare = await openDare();
    const { cookie } = await registerUser(t.app);
    await pledge(cookie, { dareId: dare.id, amount: 10 });
    await pledge(cookie, { dareId: dare.id, amount: 10 });
    expect(await pledgesOn(dare.id)).toHaveLength(2);
  });
});

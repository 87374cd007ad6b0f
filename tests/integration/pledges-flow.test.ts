import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatedGateway } from '@/server/adapters/payments/create-gateway';
import { dares, ledgerEntries, pledges } from '@/server/db/schema';
import { createDare, moveDeadline } from '../support/dares';
import { CARDS, cardPayment, pledgeOverHttp } from '../support/pledge-http';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const dareRow = async (id: number) =>
  (await t.app.ctx.db.select().from(dares).where(eq(dares.id, id)))[0]!;

async function openDare(overrides: Partial<Parameters<typeof createDare>[1]> = {}) {
  const { user } = await registerUser(t.app);
  return createDare(t.app.ctx.db, { creatorId: user.id, status: 'pending', ...overrides });
}

describe('pledging with a card (spec section 4, Pledge flow)', () => {
  it('counts a pledge once its card is authorized, and not before', async () => {
    const dare = await openDare();
    const pledger = await registerUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/pledges',
      headers: { cookie: pledger.cookie },
      payload: { dareId: dare.id, amount: 20 },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ dareId: dare.id, amount: 20, status: 'pending' });
    expect((await dareRow(dare.id)).currentAmountCents).toBe(0);

    const pledgeId = created.json().id as number;
    const intent = await t.app.inject({
      method: 'POST',
      url: '/api/pledges/payment-intent',
      headers: { cookie: pledger.cookie },
      payload: { pledgeId, dareId: dare.id, amount: 2000 },
    });
    expect(intent.statusCode).toBe(200);
    expect(intent.json().clientSecret).toMatch(/_secret_/);

    const confirm = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      payload: { clientSecret: intent.json().clientSecret, paymentMethod: cardPayment(CARDS.visa) },
    });
    expect(confirm.json()).toMatchObject({ status: 'requires_capture' });

    const after = await dareRow(dare.id);
    expect(after.currentAmountCents).toBe(2000);
    expect(after.pledgeCount).toBe(1);
    const read = await t.app.inject({
      url: `/api/pledges/${pledgeId}`,
      headers: { cookie: pledger.cookie },
    });
    expect(read.json()).toMatchObject({ status: 'authorized', captured: false });
    expect(read.json().captureBefore).toBeTruthy();
    const mine = await t.app.inject({
      url: '/api/pledges/user',
      headers: { cookie: pledger.cookie },
    });
    expect(mine.json().map((p: { id: number }) => p.id)).toEqual([pledgeId]);
    const shown = await t.app.inject({
      url: `/api/dares/${dare.id}`,
      headers: { cookie: pledger.cookie },
    });
    expect(shown.json()).toMatchObject({ currentAmount: 20, pledgeCount: 1, hasUserPledged: true });
    // An authorization is not money moved: nothing in the ledger yet.
    const rows = await t.app.ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.dareId, dare.id));
    expect(rows).toEqual([]);
  });

  it('moves a Funding dare to Active when a pledge reaches its target', async () => {
    const dare = await openDare({ targetAmountCents: 2500 });
    const a = await registerUser(t.app);
    await pledgeOverHttp(t.app, a.cookie, dare.id, 20);
    expect((await dareRow(dare.id)).status).toBe('pending');
    await pledgeOverHttp(t.app, a.cookie, dare.id, 5);
    expect(await dareRow(dare.id)).toMatchObject({ status: 'active', currentAmountCents: 2500 });
  });

  it('a declined card returns the gateway message and counts nothing', async () => {
    const dare = await openDare();
    const pledger = await registerUser(t.app);
    const { confirm, pledgeId } = await pledgeOverHttp(
      t.app,
      pledger.cookie,
      dare.id,
      10,
      CARDS.declined,
    );
    expect(confirm!.statusCode).toBe(402);
    expect(confirm!.json()).toMatchObject({
      code: 'card_declined',
      message: 'Your card was declined.',
    });
    expect(await dareRow(dare.id)).toMatchObject({ currentAmountCents: 0, pledgeCount: 0 });
    const [pledge] = await t.app.ctx.db.select().from(pledges).where(eq(pledges.id, pledgeId!));
    expect(pledge!.status).toBe('pending');
  });

  it('counts a 3-D Secure card only after the authentication step', async () => {
    const dare = await openDare();
    const pledger = await registerUser(t.app);
    const { confirm, intent } = await pledgeOverHttp(
      t.app,
      pledger.cookie,
      dare.id,
      10,
      CARDS.threeDSecure,
    );
    expect(confirm!.json().status).toBe('requires_action');
    expect((await dareRow(dare.id)).currentAmountCents).toBe(0);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/confirm',
      payload: { clientSecret: intent!.json().clientSecret, authenticate: true },
    });
    expect(done.json().status).toBe('requires_capture');
    expect((await dareRow(dare.id)).currentAmountCents).toBe(1000);
  });

  it('asking twice for the payment intent returns the same one', async () => {
    const dare = await openDare();
    const pledger = await registerUser(t.app);
    const { created } = await pledgeOverHttp(t.app, pledger.cookie, dare.id, 5, CARDS.declined);
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/pledges/payment-intent',
        headers: { cookie: pledger.cookie },
        payload: { pledgeId: created.json().id, dareId: dare.id, amount: 500 },
      });
    const [a, b] = await Promise.all([ask(), ask()]);
    expect(a.json().paymentIntentId).toBe(b.json().paymentIntentId);
  });
});

describe('pledge rules (spec sections 5 and 6, DESIGN.md)', () => {
  const post = (cookie: string | undefined, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/pledges',
      headers: cookie ? { cookie } : {},
      payload,
    });

  it('needs a login', async () => {
    const dare = await openDare();
    const response = await post(undefined, { dareId: dare.id, amount: 10 });
    expect(response.statusCode).toBe(401);
  });

  it('takes at least $5, with at most 2 decimals', async () => {
    const dare = await openDare();
    const { cookie } = await registerUser(t.app);
    expect((await post(cookie, { dareId: dare.id, amount: 4.99 })).json()).toEqual({
      message: 'Minimum pledge is $5',
    });
    expect((await post(cookie, { dareId: dare.id, amount: 0 })).statusCode).toBe(400);
    expect((await post(cookie, { dareId: dare.id, amount: 5.001 })).statusCode).toBe(400);
    expect((await post(cookie, { dareId: dare.id, amount: '10' })).statusCode).toBe(400);
  });

  it('takes pledges only for Funding or Active dares before they expire', async () => {
    const { cookie } = await registerUser(t.app);
    for (const status of ['verification', 'completed', 'failed'] as const) {
      const dare = await openDare({ status });
      const response = await post(cookie, { dareId: dare.id, amount: 10 });
      expect(response.statusCode).toBe(422);
    }
    const expired = await moveDeadline(
      t.app.ctx.db,
      (await openDare()).id,
      new Date(Date.now() - 1000),
    );
    expect((await post(cookie, { dareId: expired.id, amount: 10 })).json().message).toBe(
      'This dare has ended',
    );
    expect((await post(cookie, { dareId: 999_999, amount: 10 })).statusCode).toBe(404);
  });

  it('charges the stored amount: a different client amount is refused', async () => {
    const dare = await openDare();
    const { cookie } = await registerUser(t.app);
    const created = await post(cookie, { dareId: dare.id, amount: 10 });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/pledges/payment-intent',
      headers: { cookie },
      payload: { pledgeId: created.json().id, dareId: dare.id, amount: 100 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The amount does not match the pledge');
  });

  it("another user's pledge is not found, to read or to pay", async () => {
    const dare = await openDare();
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const { created } = await pledgeOverHttp(t.app, owner.cookie, dare.id, 10);
    const id = created.json().id;
    const read = await t.app.inject({
      url: `/api/pledges/${id}`,
      headers: { cookie: other.cookie },
    });
    expect(read.statusCode).toBe(404);
    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/pledges/payment-intent',
      headers: { cookie: other.cookie },
      payload: { pledgeId: id, dareId: dare.id, amount: 1000 },
    });
    expect(pay.statusCode).toBe(404);
    const list = await t.app.inject({
      url: '/api/pledges/user',
      headers: { cookie: other.cookie },
    });
    expect(list.json()).toEqual([]);
    expect((await t.app.inject({ url: `/api/pledges/${id}` })).statusCode).toBe(401);
  });

  it('asking for the intent of a pledge paid but not yet recorded records it, and refuses', async () => {
    const dare = await openDare();
    const { cookie } = await registerUser(t.app);
    const created = await post(cookie, { dareId: dare.id, amount: 10 });
    const payload = { pledgeId: created.json().id, dareId: dare.id, amount: 1000 };
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/pledges/payment-intent',
        headers: { cookie },
        payload,
      });
    const first = await ask();
    // Authorized at the gateway directly, as when Stripe's webhook has not arrived yet.
    const gateway = simulatedGateway(t.app.ctx)!;
    const method = await gateway.createPaymentMethod(cardPayment(CARDS.visa));
    await gateway.confirmPaymentIntent({
      clientSecret: first.json().clientSecret,
      paymentMethodId: method.id,
    });
    expect((await ask()).statusCode).toBe(409);
    expect(await dareRow(dare.id)).toMatchObject({ currentAmountCents: 1000, pledgeCount: 1 });
  });

  it('a paid pledge cannot get a second payment', async () => {
    const dare = await openDare();
    const { cookie } = await registerUser(t.app);
    const { created } = await pledgeOverHttp(t.app, cookie, dare.id, 10);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/pledges/payment-intent',
      headers: { cookie },
      payload: { pledgeId: created.json().id, dareId: dare.id, amount: 1000 },
    });
    expect(again.statusCode).toBe(409);
  });
});

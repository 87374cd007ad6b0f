import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHODS_PER_HOUR } from '@/contracts/limits';
import { paymentGateway } from '@/server/adapters/payments/create-gateway';
import { dares, pledges } from '@/server/db/schema';
import { createDare } from '../support/dares';
import { CARDS, cardPayment, pledgeOverHttp } from '../support/pledge-http';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const gateway = () => paymentGateway(t.app.ctx);
const pledgeRow = async (id: number) =>
  (await t.app.ctx.db.select().from(pledges).where(eq(pledges.id, id)))[0]!;
const dareRow = async (id: number) =>
  (await t.app.ctx.db.select().from(dares).where(eq(dares.id, id)))[0]!;

async function openDare() {
  const { user } = await registerUser(t.app);
  return createDare(t.app.ctx.db, { creatorId: user.id, status: 'pending' });
}

/** A pending pledge with its payment intent, as the pledge page has it before the card step. */
async function pendingPledge(cookie: string, dareId: number, dollars = 10) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/pledges',
    headers: { cookie, 'idempotency-key': randomUUID() },
    payload: { dareId, amount: dollars },
  });
  expect(created.statusCode).toBe(201);
  const pledgeId = created.json().id as number;
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/pledges/payment-intent',
    headers: { cookie },
    payload: { pledgeId, dareId, amount: dollars * 100 },
  });
  expect(intent.statusCode).toBe(200);
  return { pledgeId, clientSecret: intent.json().clientSecret as string };
}

const confirm = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/payments/simulated/confirm', payload });

/** The victim pays a pledge with a card, which the gateway then keeps on her customer. */
async function victimsSavedCard(dareId: number) {
  const victim = await registerUser(t.app);
  const paid = await pledgeOverHttp(t.app, victim.cookie, dareId, 10);
  expect(paid.confirm?.statusCode).toBe(200);
  const cardId = (await pledgeRow(paid.pledgeId!)).paymentMethodId!;
  const card = await gateway().retrievePaymentMethod(cardId);
  expect(card.customerId).not.toBeNull();
  return { victim, cardId, customerId: card.customerId };
}

describe("someone else's saved card", () => {
  it('refuses to confirm a payment with a card saved on another customer, and changes nothing', async () => {
    const dare = await openDare();
    const { cardId, customerId } = await victimsSavedCard(dare.id);
    const totalBefore = (await dareRow(dare.id)).currentAmountCents;

    const attacker = await registerUser(t.app);
    const { pledgeId, clientSecret } = await pendingPledge(attacker.cookie, dare.id);
    const response = await confirm({ clientSecret, paymentMethodId: cardId });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().message).toMatch(/does not belong/);

    expect((await pledgeRow(pledgeId)).status).toBe('pending');
    expect((await dareRow(dare.id)).currentAmountCents).toBe(totalBefore);
    expect((await gateway().retrievePaymentMethod(cardId)).customerId).toBe(customerId);
    const intent = await gateway().retrievePaymentIntent(
      (await pledgeRow(pledgeId)).paymentIntentId!,
    );
    expect(intent.status).toBe('requires_payment_method');
  });

  it('refuses a card that was detached from a customer: it may not be used again', async () => {
    const dare = await openDare();
    const { cardId } = await victimsSavedCard(dare.id);
    await gateway().detachPaymentMethod(cardId);

    const attacker = await registerUser(t.app);
    const { pledgeId, clientSecret } = await pendingPledge(attacker.cookie, dare.id);
    const response = await confirm({ clientSecret, paymentMethodId: cardId });
    expect(response.statusCode).toBe(400);
    expect((await pledgeRow(pledgeId)).status).toBe('pending');
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/user/payment-methods',
      headers: { cookie: attacker.cookie },
      payload: { paymentMethodId: cardId, setAsDefault: true },
    });
    expect(saved.statusCode).toBe(404);
    expect((await gateway().retrievePaymentMethod(cardId)).customerId).toBeNull();
  });

  it('still takes a new card, and the payer’s own saved card', async () => {
    const dare = await openDare();
    const payer = await registerUser(t.app);
    const first = await pledgeOverHttp(t.app, payer.cookie, dare.id, 10);
    expect(first.confirm?.statusCode).toBe(200);
    const ownCard = (await pledgeRow(first.pledgeId!)).paymentMethodId!;
    const { pledgeId, clientSecret } = await pendingPledge(payer.cookie, dare.id);
    const response = await confirm({ clientSecret, paymentMethodId: ownCard });
    expect(response.statusCode).toBe(200);
    expect((await pledgeRow(pledgeId)).status).toBe('authorized');
  });
});

describe('POST /api/payments/simulated/payment-methods', () => {
  const create = (cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/payment-methods',
      ...(cookie ? { headers: { cookie } } : {}),
      payload: cardPayment(CARDS.visa),
    });

  it('needs a login', async () => {
    const response = await create();
    expect(response.statusCode).toBe(401);
  });

  it(`is limited to ${PAYMENT_METHODS_PER_HOUR} cards an hour per user, answered 429 with Retry-After`, async () => {
    const { cookie } = await registerUser(t.app);
    for (let i = 0; i < PAYMENT_METHODS_PER_HOUR; i++)
      expect((await create(cookie)).statusCode).toBe(201);
    const refused = await create(cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many requests\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not affected.
    expect((await create((await registerUser(t.app)).cookie)).statusCode).toBe(201);
  });
});

describe('confirming a pledge whose dare has ended', () => {
  it('answers 409, releases the hold and counts nothing, never a success', async () => {
    const dare = await openDare();
    const payer = await registerUser(t.app);
    const { pledgeId, clientSecret } = await pendingPledge(payer.cookie, dare.id);
    await t.app.ctx.db
      .update(dares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dares.id, dare.id));

    const response = await confirm({ clientSecret, paymentMethod: cardPayment(CARDS.visa) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This dare is not accepting pledges anymore' });
    const pledge = await pledgeRow(pledgeId);
    expect(pledge.status).toBe('released');
    expect((await dareRow(dare.id)).currentAmountCents).toBe(0);
    expect((await gateway().retrievePaymentIntent(pledge.paymentIntentId!)).status).toBe(
      'canceled',
    );
  });

  it('a pledge already released (its dare ended) is not paid either: 409, hold released', async () => {
    const dare = await openDare();
    const payer = await registerUser(t.app);
    const { pledgeId, clientSecret } = await pendingPledge(payer.cookie, dare.id);
    // What the dare's end does to a pledge still waiting for its card.
    await t.app.ctx.db
      .update(pledges)
      .set({ status: 'released', releasedAt: new Date() })
      .where(eq(pledges.id, pledgeId));

    const response = await confirm({ clientSecret, paymentMethod: cardPayment(CARDS.visa) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This pledge can no longer be paid' });
    const pledge = await pledgeRow(pledgeId);
    expect(pledge.status).toBe('released');
    expect((await gateway().retrievePaymentIntent(pledge.paymentIntentId!)).status).toBe(
      'canceled',
    );
  });
});

import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentIntent } from '@/server/adapters/payments/gateway';
import { connectedAccounts, users, webhookEvents } from '@/server/db/schema';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

// handlePaymentIntentUpdate belongs to the pledges module: here only its calls are counted.
const handler = vi.hoisted(() => ({ intents: [] as PaymentIntent[], failures: 0 }));
vi.mock('@/server/modules/pledges/payment-events', () => ({
  handlePaymentIntentUpdate: async (_ctx: unknown, intent: PaymentIntent) => {
    if (handler.failures > 0) {
      handler.failures -= 1;
      throw new Error('handler failed');
    }
    handler.intents.push(intent);
  },
}));

const SECRET = 'whsec_test_secret';
/** Connect events come from a second endpoint with its own secret. */
const CONNECT_SECRET = 'whsec_test_connect';
let standIn: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({
    ...standIn.env,
    STRIPE_WEBHOOK_SECRET: `${SECRET}, ${CONNECT_SECRET}`,
  });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
beforeEach(() => {
  handler.intents.length = 0;
  handler.failures = 0;
});

let eventCounter = 0;
const event = (type: string, object: object) => ({
  id: `evt_test_${Date.now().toString(36)}_${++eventCounter}`,
  object: 'event',
  type,
  created: Math.floor(Date.now() / 1000),
  data: { object },
});
const sign = (payload: string, timestamp?: number, secret = SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
const deliver = (payload: string, signature?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    // Stripe sends no Origin header: the security plugin must let the call through.
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });
const recorded = async (id: string) =>
  (await t.app.ctx.db.select().from(webhookEvents).where(eq(webhookEvents.id, id))).length;

const created = Math.floor(Date.now() / 1000) - 60;
const authorized = {
  id: 'pi_webhook_1',
  object: 'payment_intent',
  amount: 1500,
  amount_received: 0,
  capture_method: 'manual',
  client_secret: 'pi_webhook_1_secret_abc',
  created,
  customer: 'cus_1',
  last_payment_error: null,
  latest_charge: 'ch_1',
  metadata: { pledgeId: '7' },
  payment_method: 'pm_1',
  status: 'requires_capture',
};

describe('POST /api/stripe/webhook', () => {
  it('verifies the signature on the raw body, maps the intent and handles it once', async () => {
    const body = event('payment_intent.amount_capturable_updated', authorized);
    // Whitespace a JSON round trip would lose: only the raw bytes verify.
    const payload = JSON.stringify(body, null, 2);
    const response = await deliver(payload, sign(payload));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(handler.intents).toEqual([
      {
        id: 'pi_webhook_1',
        clientSecret: 'pi_webhook_1_secret_abc',
        amountCents: 1500,
        amountCapturedCents: 0,
        currency: 'usd',
        status: 'requires_capture',
        captureMethod: 'manual',
        paymentMethodId: 'pm_1',
        customerId: 'cus_1',
        // The payload's charge is not expanded: creation + 7 days, never later than Stripe's.
        captureBefore: new Date((created + 7 * 24 * 60 * 60) * 1000),
        lastError: null,
        metadata: { pledgeId: '7' },
      },
    ]);
    expect(await recorded(body.id)).toBe(1);

    const again = await deliver(payload, sign(payload));
    expect(again.statusCode).toBe(200);
    expect(handler.intents).toHaveLength(1);
  });

  it('the same event delivered twice at once is handled once', async () => {
    const body = event('payment_intent.succeeded', { ...authorized, status: 'succeeded' });
    const payload = JSON.stringify(body);
    const answers = await Promise.all([
      deliver(payload, sign(payload)),
      deliver(payload, sign(payload)),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(handler.intents).toHaveLength(1);
  });

  it('maps a failed payment with its error', async () => {
    const failed = {
      ...authorized,
      status: 'requires_payment_method',
      payment_method: null,
      latest_charge: null,
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    };
    const payload = JSON.stringify(event('payment_intent.payment_failed', failed));
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(handler.intents[0]).toMatchObject({
      status: 'requires_payment_method',
      captureBefore: null,
      lastError: {
        code: 'card_declined',
        declineCode: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      },
    });
  });

  it.each([
    ['a tampered body', (p: string) => [p.replace('1500', '150000'), sign(p)]],
    ['a stale timestamp (over 300 s)', (p: string) => [p, sign(p, Date.now() / 1000 - 301)]],
    ['another secret', (p: string) => [p, sign(p).replace(/v1=\w+/, `v1=${'0'.repeat(64)}`)]],
    ['no signature header', (p: string) => [p, undefined]],
  ])('refuses %s with 400 and records nothing', async (_name, tamper) => {
    const body = event('payment_intent.succeeded', { ...authorized, status: 'succeeded' });
    const [payload, signature] = tamper(JSON.stringify(body));
    const response = await deliver(payload!, signature);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
    expect(handler.intents).toHaveLength(0);
    expect(await recorded(body.id)).toBe(0);
  });

  it('a failed handling is not recorded (500), so Stripe retry is handled', async () => {
    handler.failures = 1;
    const body = event('payment_intent.canceled', { ...authorized, status: 'canceled' });
    const payload = JSON.stringify(body);
    expect((await deliver(payload, sign(payload))).statusCode).toBe(500);
    expect(await recorded(body.id)).toBe(0);
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(handler.intents.map((intent) => intent.status)).toEqual(['canceled']);
    expect(await recorded(body.id)).toBe(1);
  });

  it('records and ignores event types it does not handle', async () => {
    const body = event('charge.refunded', { id: 'ch_1', object: 'charge' });
    const payload = JSON.stringify(body);
    expect((await deliver(payload, sign(payload))).statusCode).toBe(200);
    expect(handler.intents).toHaveLength(0);
    expect(await recorded(body.id)).toBe(1);
  });
});

describe('account.updated', () => {
  it('mirrors a payout account verification on connected_accounts and users, once', async () => {
    const { user } = await registerUser(t.app);
    const { db } = t.app.ctx;
    const accountId = 'acct_webhook_1';
    await db.insert(connectedAccounts).values({ userId: user.id, gatewayAccountId: accountId });
    await db.update(users).set({ stripeConnectId: accountId }).where(eq(users.id, user.id));
    const account = {
      id: accountId,
      object: 'account',
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { card_payments: 'active', transfers: 'active' },
    };
    const payload = JSON.stringify(event('account.updated', account));
    // Signed with the Connect endpoint's secret, the second of STRIPE_WEBHOOK_SECRET.
    expect((await deliver(payload, sign(payload, undefined, CONNECT_SECRET))).statusCode).toBe(200);
    const row = async () =>
      (await db.select().from(connectedAccounts).where(eq(connectedAccounts.userId, user.id)))[0]!;
    const owner = async () => (await db.select().from(users).where(eq(users.id, user.id)))[0]!;
    expect(await row()).toMatchObject({ verified: true, detailsSubmitted: true });
    expect((await owner()).stripeConnectVerified).toBe(true);

    // The same event again is not handled: a row changed since stays as it is.
    await db
      .update(connectedAccounts)
      .set({ verified: false })
      .where(eq(connectedAccounts.userId, user.id));
    expect((await deliver(payload, sign(payload, undefined, CONNECT_SECRET))).statusCode).toBe(200);
    expect((await row()).verified).toBe(false);
  });
});

describe('Stripe mode routes', () => {
  it('the simulated gateway routes are absent (404)', async () => {
    for (const path of ['payment-methods', 'confirm']) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/payments/simulated/${path}`,
        payload: {},
      });
      expect(response.statusCode).toBe(404);
    }
  });

  it('the webhook route is absent in simulated mode', async () => {
    const simulated = await createTestApp();
    try {
      const response = await simulated.app.inject({ method: 'POST', url: '/api/stripe/webhook' });
      expect(response.statusCode).toBe(404);
    } finally {
      await simulated.close();
    }
  });
});

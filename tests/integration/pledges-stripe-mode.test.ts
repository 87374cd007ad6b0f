import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentGateway } from '@/server/adapters/payments/create-gateway';
import { dares } from '@/server/db/schema';
import { runDueJobs } from '@/server/jobs/runner';
import { checkLedgerIntegrity } from '@/server/modules/funding/ledger-check';
import { createDare } from '../support/dares';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

const SECRET = 'whsec_pledge_flow';
let standIn: StripeStandIn;
let t: TestApp;
let stripe: Stripe;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({ ...standIn.env, STRIPE_WEBHOOK_SECRET: SECRET });
  const api = new URL(standIn.url);
  // What Stripe.js does in the browser with the client secret, done against the stand-in.
  stripe = new Stripe(standIn.env.STRIPE_SECRET_KEY, {
    host: api.hostname,
    port: Number(api.port),
    protocol: 'http',
  });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

async function pendingPledge(dollars: number) {
  const { user: creator } = await registerUser(t.app);
  const dare = await createDare(t.app.ctx.db, { creatorId: creator.id, status: 'pending' });
  const pledger = await registerUser(t.app);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/pledges',
    headers: { cookie: pledger.cookie, 'idempotency-key': randomUUID() },
    payload: { dareId: dare.id, amount: dollars },
  });
  const intent = await t.app.inject({
    method: 'POST',
    url: '/api/pledges/payment-intent',
    headers: { cookie: pledger.cookie },
    payload: { pledgeId: created.json().id, dareId: dare.id, amount: dollars * 100 },
  });
  expect(intent.statusCode).toBe(200);
  const paymentIntentId = intent.json().paymentIntentId as string;
  const sent = standIn.requests.find(
    (request) => request.path === '/v1/payment_intents' && request.method === 'POST',
  );
  expect(sent?.params).toMatchObject({
    capture_method: 'manual',
    setup_future_usage: 'off_session',
  });
  return { dare, pledger, pledgeId: created.json().id as number, paymentIntentId };
}

const current = async (dareId: number) =>
  (await t.app.ctx.db.select().from(dares).where(eq(dares.id, dareId)))[0]!;

describe('pledging in Stripe mode (against the local Stripe stand-in)', () => {
  it('a late webhook does not matter: reading the pledge reconciles it with Stripe', async () => {
    const { dare, pledger, pledgeId, paymentIntentId } = await pendingPledge(20);
    const confirmed = await stripe.paymentIntents.confirm(paymentIntentId, {
      payment_method: 'pm_card_visa',
    });
    expect(confirmed.status).toBe('requires_capture');
    expect((await current(dare.id)).currentAmountCents).toBe(0);

    const read = await t.app.inject({
      url: `/api/pledges/${pledgeId}`,
      headers: { cookie: pledger.cookie },
    });
    expect(read.json()).toMatchObject({ status: 'authorized' });
    expect(await current(dare.id)).toMatchObject({ currentAmountCents: 2000, pledgeCount: 1 });
  });

  it('the signed webhook authorizes the pledge once, however often it arrives', async () => {
    const { dare, paymentIntentId } = await pendingPledge(10);
    const intent = await stripe.paymentIntents.confirm(paymentIntentId, {
      payment_method: 'pm_card_visa',
    });
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'payment_intent.amount_capturable_updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: intent },
    });
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }),
        },
        payload,
      });
    expect((await deliver()).statusCode).toBe(200);
    expect((await deliver()).statusCode).toBe(200);
    expect(await current(dare.id)).toMatchObject({ currentAmountCents: 1000, pledgeCount: 1 });
  });

  it('a held pledge nobody reported is flagged by check-ledger and counted by the reconcile job', async () => {
    const { dare, paymentIntentId } = await pendingPledge(15);
    await stripe.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_visa' });
    const gateway = paymentGateway(t.app.ctx);
    const later = (minutes: number) => new Date(Date.now() + minutes * 60 * 1000);

    const before = await checkLedgerIntegrity(t.app.ctx.db, { gateway, now: later(2) });
    expect(before.problems.join('\n')).toContain(paymentIntentId);
    await runDueJobs(t.app.ctx, { now: later(6), workerId: 'test' });
    expect(await current(dare.id)).toMatchObject({ currentAmountCents: 1500, pledgeCount: 1 });
    const after = await checkLedgerIntegrity(t.app.ctx.db, { gateway, now: later(10) });
    expect(after.problems).toEqual([]);
  });
});

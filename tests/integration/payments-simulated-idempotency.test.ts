import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTURE_WINDOW_MS } from '@/server/adapters/payments/simulated/transitions';
import { createTestApp, type TestApp } from '../support/test-app';
import { failure, gatewayHarness, key } from './payments-support';

let t: TestApp;
let h: ReturnType<typeof gatewayHarness>;
beforeAll(async () => {
  t = await createTestApp();
  h = gatewayHarness(t);
});
afterAll(async () => {
  await t?.close();
});

describe('capture_before', () => {
  it('an authorization older than 7 days cannot be captured', async () => {
    const { intent, confirm } = await h.authorize('4242424242424242');
    await confirm;
    const start = h.clock.now;
    try {
      h.clock.now = new Date(start.getTime() + CAPTURE_WINDOW_MS + 60_000);
      const error = await failure(h.capture(intent.id));
      expect(error.error.code).toBe('charge_expired_for_capture');
      expect((await h.gateway.retrievePaymentIntent(intent.id)).status).toBe('canceled');
    } finally {
      h.clock.now = start;
    }
  });
});

describe('connected accounts', () => {
  it('transfers only to a verified account', async () => {
    const account = await h.gateway.createConnectedAccount({
      email: 'taker@example.com',
      idempotencyKey: key(),
    });
    expect(account.id).toMatch(/^acct_/);
    expect(await h.gateway.retrieveConnectedAccount(account.id)).toEqual({
      id: account.id,
      verified: false,
      detailsSubmitted: false,
    });
    const link = await h.gateway.createAccountOnboardingLink({
      accountId: account.id,
      refreshUrl: 'http://localhost:3000/payouts',
      returnUrl: 'http://localhost:3000/payouts?done=1',
    });
    expect(link.url).toMatch(/^\/payouts\/onboarding\?/);
    const url = new URL(link.url, 'http://localhost:3000');
    expect(url.searchParams.get('account')).toBe(account.id);
    expect(url.searchParams.get('return')).toBe('/payouts?done=1');
    const transfer = { amountCents: 900, destinationAccountId: account.id };
    const refused = await failure(h.gateway.createTransfer({ ...transfer, idempotencyKey: key() }));
    expect(refused.error.code).toBe('insufficient_capabilities_for_transfer');
    expect((await h.gateway.verifyConnectedAccount(account.id)).verified).toBe(true);
    const k = key();
    const first = await h.gateway.createTransfer({ ...transfer, idempotencyKey: k });
    expect(first.id).toMatch(/^tr_/);
    expect(await h.gateway.createTransfer({ ...transfer, idempotencyKey: k })).toEqual(first);
  });
});

describe('idempotency', () => {
  it('replays the first answer for the same key and parameters, refuses other parameters', async () => {
    const k = key();
    const params = {
      amountCents: 1500,
      captureMethod: 'manual' as const,
      metadata: { pledge: '7' },
    };
    const first = await h.gateway.createPaymentIntent({ ...params, idempotencyKey: k });
    const again = await h.gateway.createPaymentIntent({
      ...params,
      metadata: { pledge: '7' },
      idempotencyKey: k,
    });
    expect(again).toEqual(first);
    const other = await failure(
      h.gateway.createPaymentIntent({ ...params, amountCents: 1600, idempotencyKey: k }),
    );
    expect(other.error.code).toBe('idempotency_key_in_use');
    const otherCall = await failure(
      h.gateway.cancelPaymentIntent({ id: first.id, idempotencyKey: k }),
    );
    expect(otherCall.error.code).toBe('idempotency_key_in_use');
  });

  it('replays a decline instead of confirming twice', async () => {
    const method = await h.newCard('4000000000000002');
    const intent = await h.newIntent();
    const k = key();
    const call = () =>
      h.gateway.confirmPaymentIntent({
        clientSecret: intent.clientSecret,
        paymentMethodId: method.id,
        idempotencyKey: k,
      });
    const first = await failure(call());
    const second = await failure(call());
    expect(second.error).toEqual(first.error);
    expect(second.paymentIntentId).toBe(intent.id);
  });

  it('replays a capture with its Date intact', async () => {
    const { intent, confirm } = await h.authorize('4242424242424242');
    const authorized = await confirm;
    const k = key();
    const first = await h.gateway.capturePaymentIntent({ id: intent.id, idempotencyKey: k });
    const replay = await h.gateway.capturePaymentIntent({ id: intent.id, idempotencyKey: k });
    expect(replay).toEqual(first);
    expect(replay.captureBefore).toEqual(authorized.captureBefore);
  });

  it('10 concurrent captures with one key capture once and all get the answer', async () => {
    const { intent, confirm } = await h.authorize('4242424242424242');
    await confirm;
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        h.gateway.capturePaymentIntent({ id: intent.id, amountCents: 700, idempotencyKey: k }),
      ),
    );
    for (const result of results) expect(result).toEqual(results[0]);
    expect(results[0]).toMatchObject({ status: 'succeeded', amountCapturedCents: 700 });
  });

  it('10 concurrent captures with different keys: one captures, the rest see the new state', async () => {
    const { intent, confirm } = await h.authorize('4242424242424242');
    await confirm;
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => h.capture(intent.id)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected')
        expect(r.reason.error.code).toBe('payment_intent_unexpected_state');
    }
  });

  it('concurrent creates with one key make one intent', async () => {
    const k = key();
    const params = { amountCents: 1234, captureMethod: 'manual' as const, idempotencyKey: k };
    const results = await Promise.all(
      Array.from({ length: 8 }, () => h.gateway.createPaymentIntent(params)),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
  });
});

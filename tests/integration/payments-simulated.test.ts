import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTURE_WINDOW_MS } from '@/server/adapters/payments/simulated/transitions';
import { createTestApp, type TestApp } from '../support/test-app';
import { cardNumberRows, failure, gatewayHarness, key } from './payments-support';

let t: TestApp;
let h: ReturnType<typeof gatewayHarness>;
beforeAll(async () => {
  t = await createTestApp();
  h = gatewayHarness(t);
});
afterAll(async () => {
  await t?.close();
});

describe('test cards through create -> confirm -> capture/cancel', () => {
  it.each(['4242424242424242', '5555555555554444', '6011111111111117'])(
    '%s authorizes, then captures',
    async (number) => {
      const { method, intent, confirm } = await h.authorize(number);
      expect(method).toMatchObject({
        last4: number.slice(-4),
        expMonth: 12,
        expYear: 2030,
        customerId: null,
      });
      expect(method.id).toMatch(/^pm_/);
      expect(intent.clientSecret).toMatch(new RegExp(`^${intent.id}_secret_[A-Za-z0-9]+$`));
      expect(intent.status).toBe('requires_payment_method');
      const authorized = await confirm;
      expect(authorized).toMatchObject({
        status: 'requires_capture',
        paymentMethodId: method.id,
        amountCapturedCents: 0,
      });
      expect(authorized.captureBefore?.getTime()).toBe(h.clock.now.getTime() + CAPTURE_WINDOW_MS);
      const captured = await h.capture(intent.id);
      expect(captured).toMatchObject({ status: 'succeeded', amountCapturedCents: 1000 });
      expect((await h.gateway.retrievePaymentIntent(intent.id)).status).toBe('succeeded');
      expect((await failure(h.capture(intent.id))).error.code).toBe(
        'payment_intent_unexpected_state',
      );
    },
  );

  it('4242 authorizes, then the hold is released', async () => {
    const { intent, confirm } = await h.authorize('4242424242424242');
    await confirm;
    const canceled = await h.gateway.cancelPaymentIntent({ id: intent.id, idempotencyKey: key() });
    expect(canceled.status).toBe('canceled');
    expect((await failure(h.capture(intent.id))).error.code).toBe(
      'payment_intent_unexpected_state',
    );
    const again = await failure(
      h.gateway.cancelPaymentIntent({ id: intent.id, idempotencyKey: key() }),
    );
    expect(again.error.code).toBe('payment_intent_unexpected_state');
  });

  it.each([
    ['4000000000000002', 'generic_decline', 'Your card was declined.'],
    ['4000000000009995', 'insufficient_funds', 'Your card has insufficient funds.'],
  ])(
    '%s is declined and the intent waits for another card',
    async (number, declineCode, message) => {
      const { intent, confirm } = await h.authorize(number);
      const error = await failure(confirm);
      expect(error.error).toEqual({ code: 'card_declined', declineCode, message });
      const after = await h.gateway.retrievePaymentIntent(intent.id);
      expect(after).toMatchObject({
        status: 'requires_payment_method',
        paymentMethodId: null,
        lastError: error.error,
      });
      const good = await h.newCard('4242424242424242');
      const retried = await h.gateway.confirmPaymentIntent({
        clientSecret: intent.clientSecret,
        paymentMethodId: good.id,
      });
      expect(retried).toMatchObject({ status: 'requires_capture', lastError: null });
      expect(
        (await h.gateway.cancelPaymentIntent({ id: intent.id, idempotencyKey: key() })).status,
      ).toBe('canceled');
    },
  );

  it('4000 0025 0000 3155 needs the client confirm step, then captures', async () => {
    const { intent, confirm } = await h.authorize('4000002500003155');
    expect((await confirm).status).toBe('requires_action');
    expect((await failure(h.capture(intent.id))).error.code).toBe(
      'payment_intent_unexpected_state',
    );
    const done = await h.gateway.confirmPaymentIntent({
      clientSecret: intent.clientSecret,
      authenticate: true,
    });
    expect(done.status).toBe('requires_capture');
    expect((await h.capture(intent.id)).status).toBe('succeeded');
  });

  it('4000 0025 0000 3155 refused at the confirm step goes back to requires_payment_method', async () => {
    const { intent, confirm } = await h.authorize('4000002500003155');
    await confirm;
    const refused = await failure(
      h.gateway.confirmPaymentIntent({ clientSecret: intent.clientSecret, authenticate: false }),
    );
    expect(refused.error.code).toBe('payment_intent_authentication_failure');
    expect((await h.gateway.retrievePaymentIntent(intent.id)).status).toBe(
      'requires_payment_method',
    );
  });

  it('4000 0000 0000 0341 attaches and authorizes, but fails when captured', async () => {
    const { intent, confirm } = await h.authorize('4000000000000341');
    expect((await confirm).status).toBe('requires_capture');
    const error = await failure(h.capture(intent.id));
    expect(error.error.code).toBe('card_declined');
    expect((await h.gateway.retrievePaymentIntent(intent.id)).lastError?.code).toBe(
      'card_declined',
    );
  });

  it('off session: 0341 and 3155 are declined and the error names the intent; 4242 renews', async () => {
    const customer = await h.gateway.createCustomer({
      email: 'ada@example.com',
      idempotencyKey: key(),
    });
    for (const [number, code] of [
      ['4000000000000341', 'card_declined'],
      ['4000002500003155', 'authentication_required'],
    ] as const) {
      const method = await h.newCard(number);
      await h.gateway.attachPaymentMethod({ paymentMethodId: method.id, customerId: customer.id });
      const error = await failure(
        h.gateway.createPaymentIntent({
          amountCents: 1000,
          captureMethod: 'manual',
          customerId: customer.id,
          paymentMethodId: method.id,
          confirmOffSession: true,
          idempotencyKey: key(),
        }),
      );
      expect(error.error.code).toBe(code);
      expect((await h.gateway.retrievePaymentIntent(error.paymentIntentId!)).status).toBe(
        'requires_payment_method',
      );
    }
    const good = await h.newCard('4242424242424242');
    await h.gateway.attachPaymentMethod({ paymentMethodId: good.id, customerId: customer.id });
    const renewed = await h.gateway.createPaymentIntent({
      amountCents: 1000,
      captureMethod: 'manual',
      customerId: customer.id,
      paymentMethodId: good.id,
      confirmOffSession: true,
      idempotencyKey: key(),
    });
    expect(renewed.status).toBe('requires_capture');
  });

  it('setup_future_usage keeps an authorized card on the customer', async () => {
    const customer = await h.gateway.createCustomer({
      email: 'grace@example.com',
      idempotencyKey: key(),
    });
    const method = await h.newCard('4242424242424242');
    const intent = await h.gateway.createPaymentIntent({
      amountCents: 2500,
      captureMethod: 'manual',
      customerId: customer.id,
      setupFutureUsage: 'off_session',
      idempotencyKey: key(),
    });
    await h.gateway.confirmPaymentIntent({
      clientSecret: intent.clientSecret,
      paymentMethodId: method.id,
    });
    expect((await h.gateway.retrievePaymentMethod(method.id)).customerId).toBe(customer.id);
    await h.gateway.detachPaymentMethod(method.id);
    expect((await h.gateway.retrievePaymentMethod(method.id)).customerId).toBeNull();
  });
});

it('no table holds a full card number', async () => {
  expect(h.usedNumbers.size).toBeGreaterThan(3);
  expect(await cardNumberRows(t.app.ctx.db, [...h.usedNumbers])).toEqual([]);
});

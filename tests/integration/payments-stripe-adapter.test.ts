import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPaymentGateway } from '@/server/adapters/payments/create-gateway';
import { PaymentGatewayError } from '@/server/adapters/payments/gateway';
import { StripeGateway } from '@/server/adapters/payments/stripe-gateway';
import { loadConfig } from '@/server/config';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in';
import { confirm } from '../support/stripe-stand-in-intents';
import { failure, key } from './payments-support';

let standIn: StripeStandIn;
let gateway: StripeGateway;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  const config = loadConfig({ DATA_DIR: '/tmp/darefund-test-stripe', ...standIn.env });
  gateway = createPaymentGateway({ config, db: null as never }) as StripeGateway;
});
afterAll(async () => {
  await standIn?.close();
});

const newCustomer = () =>
  gateway.createCustomer({ email: 'ada@example.com', idempotencyKey: key() });
const offSession = async (paymentMethodId: string, idempotencyKey = key()) =>
  gateway.createPaymentIntent({
    amountCents: 2500,
    customerId: (await newCustomer()).id,
    paymentMethodId,
    captureMethod: 'manual',
    confirmOffSession: true,
    idempotencyKey,
  });

describe('configuration', () => {
  it('STRIPE_SECRET_KEY selects the Stripe gateway; STRIPE_API_URL is split for the SDK', () => {
    expect(gateway).toBeInstanceOf(StripeGateway);
    expect(gateway.kind).toBe('stripe');
    const port = Number(new URL(standIn.url).port);
    const config = loadConfig({ DATA_DIR: '/tmp/x', STRIPE_API_URL: standIn.url });
    expect(config.stripe.api).toEqual({ protocol: 'http', host: '127.0.0.1', port });
    const https = loadConfig({ DATA_DIR: '/tmp/x', STRIPE_API_URL: 'https://stripe.local' });
    expect(https.stripe.api).toEqual({ protocol: 'https', host: 'stripe.local', port: 443 });
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', STRIPE_API_URL: 'ftp://x' })).toThrow(
      /STRIPE_API_URL/,
    );
  });
});

describe('customers and payment intents', () => {
  it('creates a customer with our idempotency key, and a retry replays it', async () => {
    const idempotencyKey = key();
    const input = { email: 'ada@example.com', name: 'Ada', idempotencyKey };
    const first = await gateway.createCustomer(input);
    expect(first.id).toMatch(/^cus_/);
    expect(standIn.last('POST /v1/customers')).toMatchObject({
      params: { email: 'ada@example.com', name: 'Ada' },
      idempotencyKey,
    });
    expect(await gateway.createCustomer(input)).toEqual(first);
    expect(standIn.state.customers.size).toBe(1);
  });

  it('the same key with other parameters is refused', async () => {
    const idempotencyKey = key();
    await gateway.createCustomer({ email: 'a@example.com', idempotencyKey });
    const error = await failure(gateway.createCustomer({ email: 'b@example.com', idempotencyKey }));
    expect(error.error.code).toBe('idempotency_key_in_use');
  });

  it('creates a manual-capture intent that saves the card for off-session use', async () => {
    const customer = await newCustomer();
    const idempotencyKey = key();
    const intent = await gateway.createPaymentIntent({
      amountCents: 1500,
      customerId: customer.id,
      captureMethod: 'manual',
      setupFutureUsage: 'off_session',
      metadata: { dareId: '3', pledgeId: '7' },
      idempotencyKey,
    });
    expect(standIn.last('POST /v1/payment_intents')).toEqual({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey,
      params: {
        amount: '1500',
        currency: 'usd',
        capture_method: 'manual',
        allowed_payment_method_types: ['card'],
        customer: customer.id,
        setup_future_usage: 'off_session',
        metadata: { dareId: '3', pledgeId: '7' },
        expand: ['latest_charge'],
      },
    });
    expect(intent).toEqual({
      id: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
      amountCents: 1500,
      amountCapturedCents: 0,
      currency: 'usd',
      status: 'requires_payment_method',
      captureMethod: 'manual',
      paymentMethodId: null,
      customerId: customer.id,
      captureBefore: null,
      lastError: null,
      metadata: { dareId: '3', pledgeId: '7' },
    });
  });

  it('maps an authorization (the client confirmed) with Stripe capture_before, then captures', async () => {
    const created = await gateway.createPaymentIntent({
      amountCents: 1000,
      captureMethod: 'manual',
      idempotencyKey: key(),
    });
    confirm(standIn.state, created.id, { payment_method: 'pm_card_visa' });
    const held = await gateway.retrievePaymentIntent(created.id);
    const get = standIn.last(`GET /v1/payment_intents/${created.id}`);
    expect(get.params).toEqual({ expand: ['latest_charge'] });
    const chargeId = standIn.state.paymentIntents.get(created.id)!.latest_charge as string;
    const charge = standIn.state.charges.get(chargeId)!;
    const details = charge.payment_method_details as { card: { capture_before: number } };
    const captureBefore = details.card.capture_before * 1000;
    expect(held).toMatchObject({
      status: 'requires_capture',
      paymentMethodId: expect.stringMatching(/^pm_/),
    });
    expect(held.captureBefore?.getTime()).toBe(captureBefore);

    const idempotencyKey = key();
    const captured = await gateway.capturePaymentIntent({
      id: created.id,
      amountCents: 800,
      idempotencyKey,
    });
    expect(standIn.last(`POST /v1/payment_intents/${created.id}/capture`)).toMatchObject({
      params: { amount_to_capture: '800', expand: ['latest_charge'] },
      idempotencyKey,
    });
    expect(captured).toMatchObject({ status: 'succeeded', amountCapturedCents: 800 });
    expect(captured.captureBefore?.getTime()).toBe(captureBefore);
    const again = await failure(
      gateway.capturePaymentIntent({ id: created.id, idempotencyKey: key() }),
    );
    expect(again.error.code).toBe('payment_intent_unexpected_state');
  });

  it('cancels a hold; a second cancel is refused with Stripe code', async () => {
    const held = await offSession('pm_card_visa');
    const idempotencyKey = key();
    const canceled = await gateway.cancelPaymentIntent({ id: held.id, idempotencyKey });
    expect(canceled).toMatchObject({ status: 'canceled', captureBefore: null });
    expect(standIn.last(`POST /v1/payment_intents/${held.id}/cancel`).idempotencyKey).toBe(
      idempotencyKey,
    );
    const again = await failure(
      gateway.cancelPaymentIntent({ id: held.id, idempotencyKey: key() }),
    );
    expect(again.error.code).toBe('payment_intent_unexpected_state');
  });

  it('an unknown intent is resource_missing; too small an amount is amount_too_small', async () => {
    expect((await failure(gateway.retrievePaymentIntent('pi_nope'))).error).toEqual({
      code: 'resource_missing',
      message: "No such payment_intent: 'pi_nope'",
    });
    const small = gateway.createPaymentIntent({
      amountCents: 10,
      captureMethod: 'manual',
      idempotencyKey: key(),
    });
    expect((await failure(small)).error.code).toBe('amount_too_small');
  });
});

describe('off-session confirmation (hold renewals)', () => {
  it('sends off_session and confirm, and authorizes a good card', async () => {
    const idempotencyKey = key();
    const intent = await offSession('pm_card_visa', idempotencyKey);
    const sent = standIn.last('POST /v1/payment_intents');
    expect(sent.idempotencyKey).toBe(idempotencyKey);
    expect(sent.params).toMatchObject({ off_session: 'true', confirm: 'true' });
    expect(intent.status).toBe('requires_capture');
    const week = 7 * 24 * 60 * 60 * 1000;
    expect(Math.abs(intent.captureBefore!.getTime() - (Date.now() + week))).toBeLessThan(5000);
  });

  it.each([
    ['pm_card_chargeDeclined', 'generic_decline', 'Your card was declined.'],
    [
      'pm_card_chargeDeclinedInsufficientFunds',
      'insufficient_funds',
      'Your card has insufficient funds.',
    ],
  ])('%s fails with the intent it left behind', async (method, declineCode, message) => {
    const error = await failure(offSession(method));
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error.error).toEqual({ code: 'card_declined', declineCode, message });
    expect(error.paymentIntentId).toMatch(/^pi_/);
    const left = await gateway.retrievePaymentIntent(error.paymentIntentId!);
    expect(left).toMatchObject({ status: 'requires_payment_method', lastError: error.error });
  });

  it('needs a payment method, refused before anything reaches Stripe', async () => {
    const before = standIn.requests.length;
    const call = gateway.createPaymentIntent({
      amountCents: 1000,
      captureMethod: 'manual',
      confirmOffSession: true,
      idempotencyKey: key(),
    });
    expect((await failure(call)).error.code).toBe('parameter_missing');
    expect(standIn.requests.length).toBe(before);
  });
});

describe('payment methods', () => {
  it('attaches, retrieves and detaches a card', async () => {
    const customer = await newCustomer();
    const attached = await gateway.attachPaymentMethod({
      paymentMethodId: 'pm_card_visa',
      customerId: customer.id,
    });
    expect(attached).toEqual({
      id: expect.stringMatching(/^pm_/),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
      customerId: customer.id,
    });
    expect(standIn.last('POST /v1/payment_methods/pm_card_visa/attach').params).toEqual({
      customer: customer.id,
    });
    expect(await gateway.retrievePaymentMethod(attached.id)).toEqual(attached);
    await gateway.detachPaymentMethod(attached.id);
    expect((await gateway.retrievePaymentMethod(attached.id)).customerId).toBeNull();
    const again = await failure(gateway.detachPaymentMethod(attached.id));
    expect(again.error.code).toBe('payment_method_unexpected_state');
    expect((await failure(gateway.retrievePaymentMethod('pm_nope'))).error.code).toBe(
      'resource_missing',
    );
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentGateway } from '@/server/adapters/payments/create-gateway';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';
import { cardNumberRows } from './payments-support';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await registerUser(t.app)).cookie;
});
afterAll(async () => {
  await t?.close();
});

const card = (number: string, over: object = {}) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...over,
});
const billingDetails = { name: 'Ada Lovelace' };
/** Signed in, as the card form is (confirm itself is authorized by the client secret). */
const post = (path: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/payments/simulated/${path}`,
    headers: { cookie },
    payload,
  });
const newIntent = () =>
  paymentGateway(t.app.ctx).createPaymentIntent({
    amountCents: 1000,
    captureMethod: 'manual',
    idempotencyKey: randomUUID(),
  });

describe('POST /api/payments/simulated/payment-methods', () => {
  it('answers 201 with brand and last4 only', async () => {
    const response = await post('payment-methods', {
      card: card('4242 4242 4242 4242'),
      billingDetails,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^pm_/),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
    });
  });

  it.each([
    [card('4242424242424241'), 'Your card number is invalid.', 'incorrect_number'],
    [
      card('4242424242424242', { expMonth: 1, expYear: 2020 }),
      'Your card has expired.',
      'expired_card',
    ],
    [
      card('4242424242424242', { cvc: '1' }),
      "Your card's security code is invalid.",
      'invalid_cvc',
    ],
  ])(
    'answers 402 with Stripe’s code for a bad card, without echoing it',
    async (input, message, code) => {
      const response = await post('payment-methods', { card: input, billingDetails });
      expect(response.statusCode).toBe(402);
      expect(response.json()).toEqual({ message, code });
      expect(response.body).not.toContain(input.number);
    },
  );

  it('answers 400 for a malformed request, without echoing the card', async () => {
    const response = await post('payment-methods', {
      card: { ...card('4242424242424242'), expMonth: 'x' },
      billingDetails,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('4242424242424242');
  });
});

describe('POST /api/payments/simulated/confirm', () => {
  it('authorizes with a new card: 200 { id, status }', async () => {
    const intent = await newIntent();
    const response = await post('confirm', {
      clientSecret: intent.clientSecret,
      paymentMethod: { card: card('4242424242424242'), billingDetails },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: intent.id, status: 'requires_capture' });
  });

  it('authorizes with a saved payment method', async () => {
    const method = await post('payment-methods', {
      card: card('5555555555554444'),
      billingDetails,
    });
    const intent = await newIntent();
    const response = await post('confirm', {
      clientSecret: intent.clientSecret,
      paymentMethodId: method.json().id,
    });
    expect(response.json()).toEqual({ id: intent.id, status: 'requires_capture' });
  });

  it('answers 402 { message, code, declineCode } for a decline', async () => {
    const intent = await newIntent();
    const response = await post('confirm', {
      clientSecret: intent.clientSecret,
      paymentMethod: { card: card('4000000000009995'), billingDetails },
    });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      message: 'Your card has insufficient funds.',
      code: 'card_declined',
      declineCode: 'insufficient_funds',
    });
    const after = await paymentGateway(t.app.ctx).retrievePaymentIntent(intent.id);
    expect(after.status).toBe('requires_payment_method');
    expect(after.lastError?.declineCode).toBe('insufficient_funds');
  });

  it('runs the 3DS step: requires_action, then authenticate completes it', async () => {
    const intent = await newIntent();
    const first = await post('confirm', {
      clientSecret: intent.clientSecret,
      paymentMethod: { card: card('4000002500003155'), billingDetails },
    });
    expect(first.json()).toEqual({ id: intent.id, status: 'requires_action' });
    const second = await post('confirm', { clientSecret: intent.clientSecret, authenticate: true });
    expect(second.json()).toEqual({ id: intent.id, status: 'requires_capture' });
  });

  it('answers 404 for an unknown client secret and 400 for a second confirm', async () => {
    const unknown = await post('confirm', {
      clientSecret: 'pi_x_secret_y',
      paymentMethodId: 'pm_x',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('pi_x_secret_y');
    const intent = await newIntent();
    const payload = {
      clientSecret: intent.clientSecret,
      paymentMethod: { card: card('4242424242424242'), billingDetails },
    };
    await post('confirm', payload);
    const again = await post('confirm', payload);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('payment_intent_unexpected_state');
  });

  it('refuses a card and a saved payment method together', async () => {
    const intent = await newIntent();
    const response = await post('confirm', {
      clientSecret: intent.clientSecret,
      paymentMethodId: 'pm_x',
      paymentMethod: { card: card('4242424242424242'), billingDetails },
    });
    expect(response.statusCode).toBe(400);
  });
});

it('no table holds a card number sent over HTTP', async () => {
  const numbers = [
    '4242424242424242',
    '4242 4242 4242 4242',
    '5555555555554444',
    '4000000000009995',
    '4000002500003155',
  ];
  expect(await cardNumberRows(t.app.ctx.db, numbers)).toEqual([]);
});

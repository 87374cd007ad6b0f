import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDare } from '../support/dares';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});

let standIn: StripeStandIn;
let t: TestApp;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp({ ...standIn.env, LOG_LEVEL: 'warn' }, { logStream });
});
afterEach(() => standIn.recover());
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const OUTAGE = {
  status: 500,
  type: 'api_error',
  message: 'Stripe internal detail 7f3a: something went wrong on our end.',
};
const BAD_KEY = {
  status: 401,
  type: 'invalid_request_error',
  message: 'Invalid API Key provided: sk_test_****_in (detail 91c2)',
};
const CONNECT_OFF = {
  status: 400,
  type: 'invalid_request_error',
  message: "You can only create new accounts if you've signed up for Connect (detail 55be)",
};

const post = (cookie: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: { cookie }, payload });

/** The provider's detail is in the log for the operator, never in the user's answer. */
function expectLoggedNotShown(body: string, detail: string) {
  expect(body).not.toContain(detail);
  expect(lines.join('')).toContain(detail);
}

describe('gateway failures in Stripe mode', () => {
  it("a failed payment intent answers 502 'Failed to create payment intent'", async () => {
    const { user: creator } = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, { creatorId: creator.id, status: 'pending' });
    const pledger = await registerUser(t.app);
    const created = await post(pledger.cookie, '/pledges', {
      dareId: dare.id,
      amount: 10,
      idempotencyKey: randomUUID(),
    });
    standIn.fail('POST /v1/payment_intents', OUTAGE);
    const intent = await post(pledger.cookie, '/pledges/payment-intent', {
      pledgeId: created.json().id,
      dareId: dare.id,
      amount: 1000,
    });
    expect(intent.statusCode).toBe(502);
    expect(intent.json()).toEqual({ message: 'Failed to create payment intent' });
    expectLoggedNotShown(intent.body, 'detail 7f3a');
  });

  it("a refused connect-account answers 502 'Payment setup failed', not Stripe's words", async () => {
    const { cookie } = await registerUser(t.app);
    standIn.fail('POST /v1/accounts', CONNECT_OFF);
    const response = await post(cookie, '/stripe/connect-account', {
      refreshUrl: `${t.config.publicUrl}/payout/refresh`,
      returnUrl: `${t.config.publicUrl}/payout/return`,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: 'Payment setup failed' });
    expectLoggedNotShown(response.body, 'detail 55be');
  });

  it("saving a card when Stripe is down or refuses our key answers 502 'Payment setup failed'", async () => {
    const { cookie } = await registerUser(t.app);
    for (const [failure, detail] of [
      [OUTAGE, 'detail 7f3a'],
      [BAD_KEY, 'detail 91c2'],
    ] as const) {
      standIn.fail('POST /v1/setup_intents', failure);
      const response = await post(cookie, '/user/payment-methods', {
        paymentMethodId: 'pm_card_visa',
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ message: 'Payment setup failed' });
      expectLoggedNotShown(response.body, detail);
    }
  });

  it('a declined card while saving still tells the user what the card issuer said', async () => {
    const { cookie } = await registerUser(t.app);
    standIn.fail('POST /v1/setup_intents', {
      status: 402,
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    const response = await post(cookie, '/user/payment-methods', {
      paymentMethodId: 'pm_card_visa',
    });
    expect(response.statusCode).toBe(402);
    expect(response.json().message).toBe('Your card was declined.');
  });

  it('logs no secret key', () => {
    expect(lines.join('')).not.toContain(standIn.env.STRIPE_SECRET_KEY);
  });
});

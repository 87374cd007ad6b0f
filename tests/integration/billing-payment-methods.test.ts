import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@/contracts/billing';
import { paymentGateway } from '@/server/adapters/payments/create-gateway';
import { gatewayPaymentMethods, userPaymentMethods } from '@/server/db/schema';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';
import { cardNumberRows } from './payments-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const VISA = '4242424242424242';
const MASTERCARD = '5555555555554444';
const AMEX = '378282246310005';
const usedNumbers = new Set<string>();

/** A signed-in user who types the cards in; a fresh one now and then, under the rate limit. */
let cardMaker: { cookie: string; cards: number } | undefined;
async function cardMakerCookie() {
  if (!cardMaker || cardMaker.cards >= 10) {
    cardMaker = { cookie: (await registerUser(t.app)).cookie, cards: 0 };
  }
  cardMaker.cards += 1;
  return cardMaker.cookie;
}

/** What the client does first: the simulated gateway's client-side call. */
async function newCard(number: string, expMonth = 12, expYear = 2031): Promise<string> {
  usedNumbers.add(number);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payments/simulated/payment-methods',
    headers: { cookie: await cardMakerCookie() },
    payload: { card: { number, expMonth, expYear, cvc: '123' }, billingDetails: { name: 'Ada' } },
  });
  expect(response.statusCode).toBe(201);
  return response.json().id;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (cookie: string | undefined, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    ...(cookie ? { headers: { cookie } } : {}),
    ...(payload ? { payload } : {}),
  });

const list = async (cookie: string) => {
  const response = await call(cookie, 'GET', '/user/payment-methods');
  expect(response.statusCode).toBe(200);
  return response.json().paymentMethods as Array<{ id: string; isDefault: boolean }>;
};
const save = (cookie: string, paymentMethodId: string, setAsDefault = false) =>
  call(cookie, 'POST', '/user/payment-methods', { paymentMethodId, setAsDefault });

describe('saved payment methods', () => {
  it('needs a login for every call', async () => {
    const calls: Array<[Method, string, object?]> = [
      ['GET', '/user/payment-methods'],
      ['POST', '/user/payment-methods', { paymentMethodId: 'pm_x', setAsDefault: false }],
      ['PATCH', '/user/payment-methods/pm_x/default'],
      ['PUT', '/user/payment-methods/pm_x', { newPaymentMethodId: 'pm_y' }],
      ['DELETE', '/user/payment-methods/pm_x'],
    ];
    for (const [method, url, payload] of calls) {
      const response = await call(undefined, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('starts empty, makes the first card the default and lists default first, then newest', async () => {
    const { cookie } = await registerUser(t.app);
    expect(await list(cookie)).toEqual([]);

    const visa = await newCard(VISA);
    const first = await save(cookie, visa);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: visa,
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2031,
      isDefault: true,
    });

    const mastercard = await newCard(MASTERCARD, 3, 2032);
    expect((await save(cookie, mastercard)).json()).toMatchObject({
      brand: 'mastercard',
      last4: '4444',
      isDefault: false,
    });
    const amex = await newCard(AMEX);
    await save(cookie, amex);
    expect((await list(cookie)).map((m) => [m.id, m.isDefault])).toEqual([
      [visa, true],
      [amex, false],
      [mastercard, false],
    ]);

    // setAsDefault moves the single default.
    await save(cookie, await newCard(VISA), true);
    const after = await list(cookie);
    expect(after.filter((m) => m.isDefault)).toHaveLength(1);
    expect(after[0]!.isDefault).toBe(true);
  });

  it('keeps brand and last4 from the gateway, never the client, and never the number', async () => {
    const { cookie } = await registerUser(t.app);
    const id = await newCard(MASTERCARD);
    // Extra fields from the client are ignored: the gateway's record is what is stored.
    const response = await call(cookie, 'POST', '/user/payment-methods', {
      paymentMethodId: id,
      setAsDefault: true,
      brand: 'visa',
      last4: '0000',
    });
    expect(response.json()).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect(await cardNumberRows(t.app.ctx.db, [...usedNumbers])).toEqual([]);
  });

  it('checks a card as a SetupIntent does: a declined one is refused with its message, never saved (issue 19 item 16)', async () => {
    const { cookie } = await registerUser(t.app);
    for (const [number, message] of [
      ['4000000000000002', 'Your card was declined.'],
      ['4000000000009995', 'Your card has insufficient funds.'],
      ['4000002500003155', 'Your card was declined. This transaction requires authentication.'],
    ] as const) {
      const card = await newCard(number);
      // Twice: the second try is refused the same way, and nothing is saved either time.
      for (const attempt of [1, 2]) {
        const refused = await save(cookie, card);
        expect([refused.statusCode, refused.json().message], `${number} #${attempt}`).toEqual([
          402,
          message,
        ]);
      }
      const [row] = await t.app.ctx.db
        .select({ customerId: gatewayPaymentMethods.customerId })
        .from(gatewayPaymentMethods)
        .where(eq(gatewayPaymentMethods.id, card));
      expect(row!.customerId).toBeNull();
    }
    expect(await list(cookie)).toEqual([]);

    // A card that is fine until it is charged is saved (it fails at the capture, later).
    const failsLater = await newCard('4000000000000341');
    expect((await save(cookie, failsLater)).statusCode).toBe(201);
    // A declined replacement is refused the same way and the card it would replace stays.
    const declined = await newCard('4000000000000002');
    const replaced = await call(cookie, 'PUT', `/user/payment-methods/${failsLater}`, {
      newPaymentMethodId: declined,
    });
    expect([replaced.statusCode, replaced.json().message]).toEqual([
      402,
      'Your card was declined.',
    ]);
    expect((await list(cookie)).map((m) => m.id)).toEqual([failsLater]);
  });

  it('saves the same card only once', async () => {
    const { cookie } = await registerUser(t.app);
    const id = await newCard(VISA);
    expect((await save(cookie, id)).statusCode).toBe(201);
    const again = await save(cookie, id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id, isDefault: true });
    expect(await list(cookie)).toHaveLength(1);
  });

  it('refuses unknown cards and cards attached to someone else', async () => {
    const alice = await registerUser(t.app);
    const mallory = await registerUser(t.app);
    const unknown = await save(alice.cookie, 'pm_does_not_exist');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: BILLING_MESSAGES.notFound });

    const alicesCard = await newCard(VISA);
    await save(alice.cookie, alicesCard);
    const stolen = await save(mallory.cookie, alicesCard);
    expect(stolen.statusCode).toBe(404);
    expect(await list(mallory.cookie)).toEqual([]);
    // Alice's card is still hers at the gateway.
    const method = await paymentGateway(t.app.ctx).retrievePaymentMethod(alicesCard);
    const rows = await t.app.ctx.db
      .select()
      .from(userPaymentMethods)
      .where(eq(userPaymentMethods.gatewayPaymentMethodId, alicesCard));
    expect(rows.map((row) => row.userId)).toEqual([alice.user.id]);
    expect(method.customerId).not.toBeNull();
  });

  it("answers 404 for another user's card on set-default, replace and delete", async () => {
    const alice = await registerUser(t.app);
    const mallory = await registerUser(t.app);
    const alicesCard = await newCard(VISA);
    await save(alice.cookie, alicesCard);
    await save(alice.cookie, await newCard(MASTERCARD), true);
    const mallorysNew = await newCard(AMEX);

    const attempts = [
      await call(mallory.cookie, 'PATCH', `/user/payment-methods/${alicesCard}/default`),
      await call(mallory.cookie, 'PUT', `/user/payment-methods/${alicesCard}`, {
        newPaymentMethodId: mallorysNew,
      }),
      await call(mallory.cookie, 'DELETE', `/user/payment-methods/${alicesCard}`),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: BILLING_MESSAGES.notFound });
    }
    const alices = await list(alice.cookie);
    expect(alices.map((m) => m.id)).toContain(alicesCard);
    expect(alices.find((m) => m.id === alicesCard)?.isDefault).toBe(false);
    const stillAttached = await paymentGateway(t.app.ctx).retrievePaymentMethod(alicesCard);
    expect(stillAttached.customerId).not.toBeNull();
    // Replacing Alice's card with a new card must not have attached that card to anyone.
    const untouched = await paymentGateway(t.app.ctx).retrievePaymentMethod(mallorysNew);
    expect(untouched.customerId).toBeNull();
  });

  it('sets the default', async () => {
    const { cookie } = await registerUser(t.app);
    const a = await newCard(VISA);
    const b = await newCard(MASTERCARD);
    await save(cookie, a);
    await save(cookie, b);
    const response = await call(cookie, 'PATCH', `/user/payment-methods/${b}/default`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: b, isDefault: true });
    expect((await list(cookie)).map((m) => [m.id, m.isDefault])).toEqual([
      [b, true],
      [a, false],
    ]);
    const missing = await call(cookie, 'PATCH', '/user/payment-methods/pm_nope/default');
    expect(missing.statusCode).toBe(404);
  });

  it('replaces a card, keeping its default flag and detaching the old one', async () => {
    const { cookie } = await registerUser(t.app);
    const old = await newCard(VISA);
    const other = await newCard(AMEX);
    await save(cookie, old);
    await save(cookie, other);
    const replacement = await newCard(MASTERCARD, 6, 2033);
    const response = await call(cookie, 'PUT', `/user/payment-methods/${old}`, {
      newPaymentMethodId: replacement,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: replacement,
      brand: 'mastercard',
      last4: '4444',
      expMonth: 6,
      expYear: 2033,
      isDefault: true,
    });
    const methods = await list(cookie);
    expect(methods.map((m) => [m.id, m.isDefault])).toEqual([
      [replacement, true],
      [other, false],
    ]);
    const [detached] = await t.app.ctx.db
      .select({ customerId: gatewayPaymentMethods.customerId })
      .from(gatewayPaymentMethods)
      .where(eq(gatewayPaymentMethods.id, old));
    expect(detached!.customerId).toBeNull();

    // A replacement that does not exist leaves everything as it was.
    const bad = await call(cookie, 'PUT', `/user/payment-methods/${other}`, {
      newPaymentMethodId: 'pm_missing',
    });
    expect(bad.statusCode).toBe(404);
    expect((await list(cookie)).map((m) => m.id)).toEqual([replacement, other]);
  });

  it('deletes a card at the gateway too, and the newest remaining card becomes the default', async () => {
    const { cookie } = await registerUser(t.app);
    const a = await newCard(VISA);
    const b = await newCard(MASTERCARD);
    const c = await newCard(AMEX);
    await save(cookie, a);
    await save(cookie, b);
    await save(cookie, c);
    expect((await call(cookie, 'DELETE', `/user/payment-methods/${b}`)).statusCode).toBe(204);
    expect((await list(cookie)).map((m) => [m.id, m.isDefault])).toEqual([
      [a, true],
      [c, false],
    ]);
    expect((await call(cookie, 'DELETE', `/user/payment-methods/${a}`)).statusCode).toBe(204);
    expect((await list(cookie)).map((m) => [m.id, m.isDefault])).toEqual([[c, true]]);
    const method = await paymentGateway(t.app.ctx).retrievePaymentMethod(a);
    expect(method.customerId).toBeNull();
    expect((await call(cookie, 'DELETE', `/user/payment-methods/${a}`)).statusCode).toBe(404);
    expect((await call(cookie, 'DELETE', `/user/payment-methods/${c}`)).statusCode).toBe(204);
    expect(await list(cookie)).toEqual([]);
  });

  it('keeps exactly one default when cards are added at the same time', async () => {
    const { cookie } = await registerUser(t.app);
    const ids = await Promise.all([VISA, MASTERCARD, AMEX, VISA].map((n) => newCard(n)));
    const answers = await Promise.all(ids.map((id) => save(cookie, id)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    const methods = await list(cookie);
    expect(methods).toHaveLength(4);
    expect(methods.filter((m) => m.isDefault)).toHaveLength(1);
  });

  it('validates the bodies', async () => {
    const { cookie } = await registerUser(t.app);
    expect((await call(cookie, 'POST', '/user/payment-methods', {})).statusCode).toBe(400);
    const put = await call(cookie, 'PUT', '/user/payment-methods/pm_x', { newPaymentMethodId: '' });
    expect(put.statusCode).toBe(400);
  });
});

describe('saved payment methods with the Stripe gateway', () => {
  let stripe: TestApp;
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    stripe = await createTestApp(standIn.env);
  });
  afterAll(async () => {
    await stripe?.close();
    await standIn?.close();
  });

  it("stores Stripe's answer and detaches at Stripe", async () => {
    const alice = await registerUser(stripe.app);
    const mallory = await registerUser(stripe.app);
    const inject = (cookie: string, method: Method, url: string, payload?: object) =>
      stripe.app.inject({ method, url: `/api${url}`, headers: { cookie }, payload });
    // Stripe test mode turns pm_card_visa into a new pm_ on attach: the stored id is Stripe's.
    const saved = await inject(alice.cookie, 'POST', '/user/payment-methods', {
      paymentMethodId: 'pm_card_visa',
    });
    expect(saved.statusCode).toBe(201);
    const id = saved.json().id;
    expect(saved.json()).toMatchObject({ brand: 'visa', last4: '4242', isDefault: true });
    expect(id).not.toBe('pm_card_visa');
    // Saved through a confirmed SetupIntent, for off-session use (issue 19 item 16).
    expect(standIn.last('POST /v1/setup_intents').params).toMatchObject({
      confirm: 'true',
      usage: 'off_session',
      payment_method: 'pm_card_visa',
      customer: standIn.state.paymentMethods.get(id)?.customer,
    });

    const stolen = await inject(mallory.cookie, 'POST', '/user/payment-methods', {
      paymentMethodId: id,
    });
    expect(stolen.statusCode).toBe(404);

    const removed = await inject(alice.cookie, 'DELETE', `/user/payment-methods/${id}`);
    expect(removed.statusCode).toBe(204);
    expect(standIn.last(`POST /v1/payment_methods/${id}/detach`)).toBeDefined();
    expect(standIn.state.paymentMethods.get(id)?.customer).toBeNull();
  });

  it('refuses a card Stripe declines at setup with its message; one that fails only when charged is saved', async () => {
    const bob = await registerUser(stripe.app);
    const inject = (paymentMethodId: string) =>
      stripe.app.inject({
        method: 'POST',
        url: '/api/user/payment-methods',
        headers: { cookie: bob.cookie },
        payload: { paymentMethodId },
      });
    for (const [card, message] of [
      ['pm_card_chargeDeclined', 'Your card was declined.'],
      ['pm_card_chargeDeclinedInsufficientFunds', 'Your card has insufficient funds.'],
      [
        'pm_card_authenticationRequired',
        'Your card was declined. This transaction requires authentication.',
      ],
    ] as const) {
      const refused = await inject(card);
      expect([refused.statusCode, refused.json().message], card).toEqual([402, message]);
    }
    const listed = await stripe.app.inject({
      url: '/api/user/payment-methods',
      headers: { cookie: bob.cookie },
    });
    expect(listed.json().paymentMethods).toEqual([]);
    const failsLater = await inject('pm_card_chargeCustomerFail');
    expect(failsLater.statusCode).toBe(201);
    expect(failsLater.json()).toMatchObject({ last4: '0341' });
  });
});

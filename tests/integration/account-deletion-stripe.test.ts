import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccountRequest } from '../support/account-deletion';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/**
 * Issue 20 item 4 with the Stripe gateway (the local stand-in for Stripe's HTTP API): the
 * deleted account's saved cards are detached at Stripe, so they can never be charged again.
 */
let t: TestApp;
let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  t = await createTestApp(standIn.env);
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

describe('deleting an account with the Stripe gateway', () => {
  it('detaches every saved card at Stripe', async () => {
    const user = await registerUser(t.app);
    const ids: string[] = [];
    for (const card of ['pm_card_visa', 'pm_card_chargeCustomerFail']) {
      const saved = await t.app.inject({
        method: 'POST',
        url: '/api/user/payment-methods',
        headers: { cookie: user.cookie },
        payload: { paymentMethodId: card },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      ids.push(saved.json().id);
    }
    const deleted = await deleteAccountRequest(t.app, user.cookie, user.password);
    expect(deleted.statusCode, deleted.body).toBe(200);
    for (const id of ids) {
      expect(standIn.last(`POST /v1/payment_methods/${id}/detach`)).toBeDefined();
      expect(standIn.state.paymentMethods.get(id)?.customer).toBeNull();
    }
    const listed = await t.app.inject({
      url: '/api/user/payment-methods',
      headers: { cookie: user.cookie },
    });
    expect(listed.statusCode).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentGatewayError } from '@/server/adapters/payments/gateway';
import { StripeGateway } from '@/server/adapters/payments/stripe-gateway';
import { loadConfig } from '@/server/config';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in';
import { failure, key } from './payments-support';

/** The Stripe gateway's Connect calls (payout accounts) against the local stand-in. */

let standIn: StripeStandIn;
let gateway: StripeGateway;
beforeAll(async () => {
  standIn = await startStripeStandIn();
  const { api } = loadConfig({ DATA_DIR: '/tmp/darefund-test-stripe', ...standIn.env }).stripe;
  gateway = new StripeGateway({ secretKey: standIn.env.STRIPE_SECRET_KEY, api });
});
afterAll(async () => {
  await standIn?.close();
});

describe('Connect payout accounts', () => {
  it('creates an Express account, links onboarding, and transfers once it is verified', async () => {
    const idempotencyKey = key();
    const { id } = await gateway.createConnectedAccount({
      email: 'taker@example.com',
      idempotencyKey,
    });
    expect(standIn.last('POST /v1/accounts')).toMatchObject({
      idempotencyKey,
      params: {
        type: 'express',
        email: 'taker@example.com',
        capabilities: { transfers: { requested: 'true' }, card_payments: { requested: 'true' } },
      },
    });
    expect(await gateway.retrieveConnectedAccount(id)).toEqual({
      id,
      verified: false,
      detailsSubmitted: false,
    });
    const link = await gateway.createAccountOnboardingLink({
      accountId: id,
      refreshUrl: 'http://localhost:3000/payouts?refresh=1',
      returnUrl: 'http://localhost:3000/payouts',
    });
    expect(link.url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    expect(standIn.last('POST /v1/account_links').params).toEqual({
      account: id,
      refresh_url: 'http://localhost:3000/payouts?refresh=1',
      return_url: 'http://localhost:3000/payouts',
      type: 'account_onboarding',
    });
    const transfer = { amountCents: 900, destinationAccountId: id, metadata: { dareId: '3' } };
    const early = await failure(gateway.createTransfer({ ...transfer, idempotencyKey: key() }));
    expect(early.error.code).toBe('insufficient_capabilities_for_transfer');

    standIn.state.completeOnboarding(id);
    expect(await gateway.retrieveConnectedAccount(id)).toEqual({
      id,
      verified: true,
      detailsSubmitted: true,
    });
    const transferKey = key();
    const made = await gateway.createTransfer({ ...transfer, idempotencyKey: transferKey });
    expect(made.id).toMatch(/^tr_/);
    expect(standIn.last('POST /v1/transfers')).toMatchObject({
      idempotencyKey: transferKey,
      params: { amount: '900', currency: 'usd', destination: id, metadata: { dareId: '3' } },
    });
  });

  it('details submitted but payouts not enabled is not verified', async () => {
    const { id } = await gateway.createConnectedAccount({
      email: 't@example.com',
      idempotencyKey: key(),
    });
    Object.assign(standIn.state.account(id), { details_submitted: true, charges_enabled: true });
    expect(await gateway.retrieveConnectedAccount(id)).toMatchObject({
      verified: false,
      detailsSubmitted: true,
    });
  });
});

describe('outages are not payment answers', () => {
  it('a rejected API key surfaces as Stripe error, not a PaymentGatewayError', async () => {
    const api = loadConfig({ DATA_DIR: '/tmp/x', STRIPE_API_URL: standIn.url }).stripe.api;
    const wrongKey = new StripeGateway({ secretKey: 'rk_wrong', api });
    const error = await wrongKey.retrievePaymentIntent('pi_x').catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(PaymentGatewayError);
    expect(error).toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
  });
});

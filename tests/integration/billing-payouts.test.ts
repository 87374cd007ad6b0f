import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, PAYOUT_MESSAGES } from '@/contracts/billing';
import { connectedAccounts, users } from '@/server/db/schema';
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

const PUBLIC = 'http://localhost:3000';
const post = (cookie: string | undefined, url: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/stripe/${url}`,
    payload,
    ...(cookie ? { headers: { cookie } } : {}),
  });
const status = (cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/stripe/connect-status',
    ...(cookie ? { headers: { cookie } } : {}),
  });
const connect = (cookie: string, returnUrl = '/profile', refreshUrl = '/profile') =>
  post(cookie, 'connect-account', { refreshUrl, returnUrl });

/** The account id the onboarding link carries (the in-app page's ?account=). */
async function onboard(cookie: string) {
  const response = await connect(cookie);
  expect(response.statusCode).toBe(200);
  const link = response.json().url as string;
  const url = new URL(link, PUBLIC);
  return { link, url, accountId: url.searchParams.get('account')! };
}

const details = {
  legalName: 'Ada Lovelace',
  dateOfBirth: '1990-12-10',
  routingNumber: '110000000',
  accountNumber: '000123456789',
};

describe('payout account', () => {
  it('needs a login', async () => {
    expect(
      (await post(undefined, 'connect-account', { refreshUrl: '/', returnUrl: '/' })).statusCode,
    ).toBe(401);
    expect((await status()).statusCode).toBe(401);
    const verify = await post(undefined, 'connect-account/verify', {
      ...details,
      accountId: 'acct_x',
    });
    expect(verify.statusCode).toBe(401);
  });

  it('is not connected until set up, which the signed-in user says so the client need not ask', async () => {
    const { cookie } = await registerUser(t.app);
    const response = await status(cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: BILLING_MESSAGES.notConnected });
    const me = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json();
    expect(await me()).toMatchObject({ hasPayoutAccount: false, stripeConnectVerified: false });
    await onboard(cookie);
    expect(await me()).toMatchObject({ hasPayoutAccount: true, stripeConnectVerified: false });
  });

  it('creates the account once, links to the onboarding page and reports it pending', async () => {
    const { cookie, user } = await registerUser(t.app);
    const first = await onboard(cookie);
    // A path, not PUBLIC_URL: the in-app page is on whatever address the browser uses, where
    // its session cookie is (issue 19 item 14).
    expect(first.link).toMatch(/^\/payouts\/onboarding\?/);
    expect(first.accountId).toMatch(/^acct_/);
    expect(first.url.searchParams.get('return')).toBe('/profile');

    const second = await onboard(cookie);
    expect(second.accountId).toBe(first.accountId);
    const links = await t.app.ctx.db
      .select()
      .from(connectedAccounts)
      .where(eq(connectedAccounts.userId, user.id));
    expect(links).toHaveLength(1);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.stripeConnectId).toBe(first.accountId);
    expect(row!.stripeConnectVerified).toBe(false);

    const pending = await status(cookie);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({
      isVerified: false,
      detailsSubmitted: false,
      accountId: first.accountId,
    });
  });

  it('makes one account when two requests race', async () => {
    const { cookie, user } = await registerUser(t.app);
    const answers = await Promise.all([connect(cookie), connect(cookie), connect(cookie)]);
    const ids = answers.map((a) => new URL(a.json().url, PUBLIC).searchParams.get('account'));
    expect(new Set(ids).size).toBe(1);
    const links = await t.app.ctx.db
      .select()
      .from(connectedAccounts)
      .where(eq(connectedAccounts.userId, user.id));
    expect(links).toHaveLength(1);
  });

  it.each([
    'https://evil.example/profile',
    '//evil.example/profile',
    '/\\evil.example',
    'javascript:alert(1)',
    'http://localhost:3000.evil.example/',
    'http://user:pass@localhost:3000/profile',
    'http://localhost:3001/profile',
    '',
    '/profile\n//evil.example',
  ])('refuses %j as a return or refresh URL', async (url) => {
    const { cookie } = await registerUser(t.app);
    for (const response of [await connect(cookie, url), await connect(cookie, '/profile', url)]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: PAYOUT_MESSAGES.urlNotAllowed });
    }
    // Nothing was created for a refused request.
    expect((await status(cookie)).statusCode).toBe(400);
  });

  it('accepts relative and absolute URLs on this site', async () => {
    const { cookie } = await registerUser(t.app);
    const absolute = await connect(cookie, `${PUBLIC}/profile?tab=payouts`, `${PUBLIC}/profile`);
    expect(absolute.statusCode).toBe(200);
    expect(new URL(absolute.json().url, PUBLIC).searchParams.get('return')).toBe(
      '/profile?tab=payouts',
    );
    const relative = await connect(cookie, '/profile?from=payouts');
    expect(new URL(relative.json().url, PUBLIC).searchParams.get('return')).toBe(
      '/profile?from=payouts',
    );
  });

  it('verifies through the simulated onboarding form, storing only the flag', async () => {
    const { cookie, user } = await registerUser(t.app);
    const { accountId } = await onboard(cookie);
    const response = await post(cookie, 'connect-account/verify', { ...details, accountId });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isVerified: true, detailsSubmitted: true, accountId });
    expect((await status(cookie)).json()).toEqual({
      isVerified: true,
      detailsSubmitted: true,
      accountId,
    });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.stripeConnectVerified).toBe(true);
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.json().stripeConnectVerified).toBe(true);
    // The bank details and the birthday are nowhere in the database.
    const leaks = await cardNumberRows(t.app.ctx.db, ['000123456789', '110000000', '1990-12-10']);
    expect(leaks).toEqual([]);
  });

  it("refuses to verify someone else's account, or none", async () => {
    const alice = await registerUser(t.app);
    const mallory = await registerUser(t.app);
    const { accountId } = await onboard(alice.cookie);

    const withoutAccount = await post(mallory.cookie, 'connect-account/verify', {
      ...details,
      accountId,
    });
    expect(withoutAccount.statusCode).toBe(404);
    expect(withoutAccount.json()).toEqual({ message: PAYOUT_MESSAGES.notFound });

    await onboard(mallory.cookie);
    const withOwnAccount = await post(mallory.cookie, 'connect-account/verify', {
      ...details,
      accountId,
    });
    expect(withOwnAccount.statusCode).toBe(404);
    expect((await status(alice.cookie)).json().isVerified).toBe(false);
  });

  it.each([
    [{ legalName: '  ' }, PAYOUT_MESSAGES.legalNameRequired],
    [{ dateOfBirth: '1990-02-30' }, PAYOUT_MESSAGES.dateOfBirthInvalid],
    [{ dateOfBirth: 'yesterday' }, PAYOUT_MESSAGES.dateOfBirthInvalid],
    [{ dateOfBirth: `${new Date().getUTCFullYear() - 10}-01-01` }, PAYOUT_MESSAGES.tooYoung],
    [{ routingNumber: '12345678' }, PAYOUT_MESSAGES.routingNumber],
    [{ routingNumber: '11000000a' }, PAYOUT_MESSAGES.routingNumber],
    [{ accountNumber: '123' }, PAYOUT_MESSAGES.accountNumber],
    [{ accountNumber: '123456789012345678' }, PAYOUT_MESSAGES.accountNumber],
    [{ legalName: undefined }, PAYOUT_MESSAGES.legalNameRequired],
  ])('validates the onboarding form: %j', async (change, message) => {
    const { cookie } = await registerUser(t.app);
    const { accountId } = await onboard(cookie);
    const response = await post(cookie, 'connect-account/verify', {
      ...details,
      accountId,
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect((await status(cookie)).json().isVerified).toBe(false);
  });
});

describe('payout account with the Stripe gateway', () => {
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

  it("links to Stripe's onboarding with absolute URLs on this site, and has no verify form", async () => {
    const { cookie } = await registerUser(stripe.app);
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      stripe.app.inject({ method, url: `/api/stripe/${url}`, headers: { cookie }, payload });
    const refused = await inject('POST', 'connect-account', {
      refreshUrl: '/profile',
      returnUrl: 'https://evil.example/',
    });
    expect(refused.statusCode).toBe(400);
    expect(standIn.requests.filter((r) => r.path === '/v1/accounts')).toHaveLength(0);

    const link = await inject('POST', 'connect-account', {
      refreshUrl: '/profile',
      returnUrl: '/profile',
    });
    expect(link.statusCode).toBe(200);
    expect(link.json().url).toMatch(/^https:\/\/connect\.stripe\.com\//);
    expect(standIn.last('POST /v1/account_links').params).toMatchObject({
      refresh_url: `${PUBLIC}/profile`,
      return_url: `${PUBLIC}/profile`,
    });
    const pending = await inject('GET', 'connect-status');
    expect(pending.json()).toMatchObject({ isVerified: false, detailsSubmitted: false });

    const accountId = pending.json().accountId;
    const verify = await inject('POST', 'connect-account/verify', { ...details, accountId });
    expect(verify.statusCode).toBe(404);
  });
});

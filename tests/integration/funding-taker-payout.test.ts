import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dares, gatewayTransfers } from '@/server/db/schema';
import { checkLedgerIntegrity } from '@/server/modules/funding/ledger-check';
import { createDare } from '../support/dares';
import {
  addFundedPledge,
  addPayoutAccount,
  addUser,
  fundingGateway,
} from '../support/funded-pledges';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

let t: TestApp;
let h: ReturnType<typeof fundingGateway>;
beforeAll(async () => {
  t = await createTestApp();
  h = fundingGateway(t);
});
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST', url: string, cookie?: string) =>
  t.app.inject({ method, url, ...(cookie ? { headers: { cookie } } : {}) });

/** A public challenge by `creator`, accepted over HTTP by `taker`, funded, then completed. */
async function acceptedAndCompleted(
  creator: Awaited<ReturnType<typeof registerUser>>,
  taker: Awaited<ReturnType<typeof registerUser>>,
) {
  const dare = await createDare(t.app.ctx.db, {
    creatorId: creator.user.id,
    dareType: 'challenge',
    isPublicChallenge: true,
    recipientType: 'public',
    takerId: null,
    targetAmountCents: 100_000,
  });
  expect((await call('POST', `/api/dares/${dare.id}/accept`, taker.cookie)).statusCode).toBe(200);
  for (const amountCents of [1000, 2500]) {
    await addFundedPledge(t, h, { userId: (await addUser(t)).id, dareId: dare.id, amountCents });
  }
  await t.app.ctx.db.update(dares).set({ status: 'completed' }).where(eq(dares.id, dare.id));
  return dare;
}

describe('the payout of a public challenge goes to its taker', () => {
  it("capture-payments checks the taker's payout account, not the creator's", async () => {
    const creator = await registerUser(t.app);
    const taker = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const dare = await acceptedAndCompleted(creator, taker);
    const capture = (cookie: string) =>
      call('POST', `/api/dares/${dare.id}/capture-payments`, cookie);

    // The creator's verified account does not make the payout possible: the taker has none.
    await addPayoutAccount(t, h, creator.user.id, { verified: true });
    const byCreator = await capture(creator.cookie);
    expect(byCreator.statusCode).toBe(422);
    expect(byCreator.json().message).toBe(
      'The payout waits for the taker to set up and verify their payout account',
    );
    const byTaker = await capture(taker.cookie);
    expect(byTaker.statusCode).toBe(422);
    expect(byTaker.json().message).toBe(
      'Set up and verify your payout account to collect payments',
    );
    expect((await capture(stranger.cookie)).statusCode).toBe(403);

    // Both parties read the payment status; the taker's account is the one reported.
    const status = await call('GET', `/api/dares/${dare.id}/payment-status`, taker.cookie);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({ accountVerified: false, payout: 0 });
    expect(
      (await call('GET', `/api/dares/${dare.id}/payment-status`, stranger.cookie)).statusCode,
    ).toBe(403);

    const takerAccount = await addPayoutAccount(t, h, taker.user.id, { verified: true });
    const done = await capture(creator.cookie);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: 2, failed: 0, total: 35 });
    const transfers = await t.app.ctx.db.select().from(gatewayTransfers);
    const forDare = transfers.filter(
      (row) => (row.metadata as { dareId?: string }).dareId === String(dare.id),
    );
    expect(forDare.map((row) => [row.destinationAccountId, row.amountCents])).toEqual([
      [takerAccount, 3500],
    ]);
    expect(
      (await call('GET', `/api/dares/${dare.id}/payment-status`, taker.cookie)).json(),
    ).toMatchObject({ payoutStatus: 'paid', accountVerified: true, capturedTotal: 35 });
    expect((await checkLedgerIntegrity(t.app.ctx.db)).problems).toEqual([]);
  });

  it('a taker without an account sees what waits for them; it is paid once they verify', async () => {
    const creator = await registerUser(t.app);
    const taker = await registerUser(t.app);
    const dare = await acceptedAndCompleted(creator, taker);
    expect((await call('GET', '/api/payouts/waiting', taker.cookie)).json()).toEqual({
      amount: 0,
      dares: 0,
    });
    // The funding job (enqueued by the vote) captures while the taker has no account.
    const { completeDareFunding } = await import('@/server/modules/funding/complete-funding');
    await completeDareFunding(t.app.ctx, dare.id, { gateway: h.gateway, now: h.now });
    const waiting = await call('GET', '/api/payouts/waiting', taker.cookie);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.json()).toEqual({ amount: 35, dares: 1 });
    expect((await call('GET', '/api/payouts/waiting', creator.cookie)).json()).toEqual({
      amount: 0,
      dares: 0,
    });
    expect((await call('GET', '/api/payouts/waiting')).statusCode).toBe(401);

    await addPayoutAccount(t, h, taker.user.id, { verified: true });
    const paid = await call('POST', `/api/dares/${dare.id}/capture-payments`, taker.cookie);
    expect(paid.statusCode).toBe(200);
    expect((await call('GET', '/api/payouts/waiting', taker.cookie)).json()).toEqual({
      amount: 0,
      dares: 0,
    });
    expect((await checkLedgerIntegrity(t.app.ctx.db)).problems).toEqual([]);
  });
});

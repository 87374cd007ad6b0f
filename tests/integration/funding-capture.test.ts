import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dares,
  gatewayPaymentIntents,
  gatewayTransfers,
  ledgerEntries,
  payouts,
  pledges,
} from '@/server/db/schema';
import { runDueJobs } from '@/server/jobs/runner';
import { completeDareFunding } from '@/server/modules/funding/complete-funding';
import { checkLedgerIntegrity } from '@/server/modules/funding/ledger-check';
import { paymentStatus } from '@/server/modules/funding/payment-status';
import { createDare } from '../support/dares';
import {
  addFundedPledge,
  addPayoutAccount,
  addUser,
  CARDS,
  fundingGateway,
} from '../support/funded-pledges';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A dare with one funded pledge per entry, then completed (as its vote would do). */
async function completedDare(
  t: TestApp,
  h: ReturnType<typeof fundingGateway>,
  creatorId: number,
  amounts: Array<number | { amountCents: number; card: string }>,
  takerId = creatorId,
) {
  const { db } = t.app.ctx;
  const dare = await createDare(db, { creatorId, takerId, targetAmountCents: 100_000 });
  const funded = [];
  for (const entry of amounts) {
    const pledger = await addUser(t);
    const values = typeof entry === 'number' ? { amountCents: entry } : entry;
    funded.push(await addFundedPledge(t, h, { userId: pledger.id, dareId: dare.id, ...values }));
  }
  await db.update(dares).set({ status: 'completed' }).where(eq(dares.id, dare.id));
  return { dare, pledges: funded.map((f) => f.pledge) };
}

const rowsOf = (t: TestApp, dareId: number, kind: 'capture' | 'fee' | 'transfer') =>
  t.app.ctx.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.dareId, dareId), eq(ledgerEntries.kind, kind)));

describe('completeDareFunding (no platform fee)', () => {
  let t: TestApp;
  let h: ReturnType<typeof fundingGateway>;
  beforeAll(async () => {
    t = await createTestApp();
    h = fundingGateway(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('captures each hold once and pays once, called twice concurrently then again', async () => {
    const creator = await addUser(t, 'creator');
    await addPayoutAccount(t, h, creator.id, { verified: true });
    const { dare, pledges: funded } = await completedDare(t, h, creator.id, [1000, 2500, 1234]);
    const options = { gateway: h.gateway, now: h.now };

    const results = await Promise.all([
      completeDareFunding(t.app.ctx, dare.id, options),
      completeDareFunding(t.app.ctx, dare.id, options),
    ]);
    expect(results[0]!.success + results[1]!.success).toBe(3);
    expect(results[0]!.failed + results[1]!.failed).toBe(0);
    expect(results[0]!.total + results[1]!.total).toBeCloseTo(47.34, 2);
    expect(await completeDareFunding(t.app.ctx, dare.id, options)).toEqual({
      success: 0,
      failed: 0,
      total: 0,
    });

    const { db } = t.app.ctx;
    const intents = await db
      .select()
      .from(gatewayPaymentIntents)
      .where(
        inArray(
          gatewayPaymentIntents.id,
          funded.map((p) => p.paymentIntentId!),
        ),
      );
    for (const intent of intents) {
      expect(intent).toMatchObject({
        status: 'succeeded',
        amountCapturedCents: intent.amountCents,
      });
    }
    const rows = await db.select().from(pledges).where(eq(pledges.dareId, dare.id));
    expect(rows.every((p) => p.status === 'captured' && p.captured && p.capturedAt)).toBe(true);
    expect(await rowsOf(t, dare.id, 'capture')).toHaveLength(6);

    const [payout] = await db.select().from(payouts).where(eq(payouts.dareId, dare.id));
    expect(payout).toMatchObject({ status: 'paid', amountCents: 4734, feeCents: 0 });
    const transfers = await db
      .select()
      .from(gatewayTransfers)
      .where(eq(gatewayTransfers.id, payout!.transferId!));
    expect(transfers).toEqual([expect.objectContaining({ amountCents: 4734 })]);
    expect(await rowsOf(t, dare.id, 'transfer')).toHaveLength(2);
    expect(await rowsOf(t, dare.id, 'fee')).toHaveLength(0);
    // Captured pledges stay live: the dare keeps its total.
    const [after] = await db.select().from(dares).where(eq(dares.id, dare.id));
    expect(after).toMatchObject({ currentAmountCents: 4734, pledgeCount: 3 });
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
  });

  it('counts a card declined at capture (0341) as failed, captures the rest, drops a pending one', async () => {
    const creator = await addUser(t, 'creator');
    await addPayoutAccount(t, h, creator.id, { verified: true });
    const { dare, pledges: funded } = await completedDare(t, h, creator.id, [
      1000,
      { amountCents: 700, card: CARDS.declinesWhenCharged },
      2000,
      // 3-D Secure never answered: pending, never counted.
      { amountCents: 900, card: CARDS.authentication },
    ]);
    const result = await completeDareFunding(t.app.ctx, dare.id, {
      gateway: h.gateway,
      now: h.now,
    });
    expect(result).toEqual({ success: 2, failed: 1, total: 30 });
    const { db } = t.app.ctx;
    const [declined] = await db.select().from(pledges).where(eq(pledges.id, funded[1]!.id));
    expect(declined).toMatchObject({ status: 'failed', captured: false });
    const [pending] = await db.select().from(pledges).where(eq(pledges.id, funded[3]!.id));
    expect(pending!.status).toBe('released');
    const unconfirmed = await h.gateway.retrievePaymentIntent(pending!.paymentIntentId!);
    expect(unconfirmed.status).toBe('canceled');
    const [after] = await db.select().from(dares).where(eq(dares.id, dare.id));
    expect(after).toMatchObject({ currentAmountCents: 3000, pledgeCount: 2 });
    const [payout] = await db.select().from(payouts).where(eq(payouts.dareId, dare.id));
    expect(payout).toMatchObject({ status: 'paid', amountCents: 3000 });
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
  });

  it('a hold past its 7 days fails with charge_expired_for_capture', async () => {
    const creator = await addUser(t, 'creator');
    await addPayoutAccount(t, h, creator.id, { verified: true });
    const { dare, pledges: funded } = await completedDare(t, h, creator.id, [1500]);
    // The same gateway records, read by a gateway whose clock is 8 days on.
    const late = fundingGateway(t);
    late.clock.now = new Date(h.clock.now.getTime() + 8 * DAY_MS);
    const result = await completeDareFunding(t.app.ctx, dare.id, late);
    expect(result).toEqual({ success: 0, failed: 1, total: 0 });
    const intent = await h.gateway.retrievePaymentIntent(funded[0]!.paymentIntentId!);
    expect(intent.lastError?.code).toBe('charge_expired_for_capture');
    expect((await paymentStatus(t.app.ctx, dare.id)).payoutStatus).toBe('not_started');
  });

  it('an unverified taker account keeps the payout waiting, then a retry pays it', async () => {
    const creator = await addUser(t, 'creator');
    const taker = await addUser(t, 'taker');
    await addPayoutAccount(t, h, creator.id, { verified: true });
    const account = await addPayoutAccount(t, h, taker.id, { verified: false });
    const { dare } = await completedDare(t, h, creator.id, [1000, 1000], taker.id);
    const options = { gateway: h.gateway, now: h.now };

    expect(await completeDareFunding(t.app.ctx, dare.id, options)).toMatchObject({ success: 2 });
    const status = await paymentStatus(t.app.ctx, dare.id, options);
    expect(status).toMatchObject({
      capturedTotal: 20,
      pledgesCaptured: 2,
      payout: 20,
      payoutStatus: 'waiting_for_account',
      accountVerified: false,
    });
    expect(await rowsOf(t, dare.id, 'transfer')).toHaveLength(0);

    // Onboarding completes at the gateway; the periodic retry notices and pays.
    await h.gateway.verifyConnectedAccount(account);
    const periodic = [{ kind: 'retry-payouts', everyMs: 60_000 }];
    const tick = await runDueJobs(t.app.ctx, { workerId: 'test', gateway: h.gateway, periodic });
    expect(tick).toMatchObject({ claimed: 1, done: 1 });
    const [payout] = await t.app.ctx.db.select().from(payouts).where(eq(payouts.dareId, dare.id));
    expect(payout).toMatchObject({ status: 'paid', amountCents: 2000 });
    expect(await rowsOf(t, dare.id, 'transfer')).toHaveLength(2);
    expect(await completeDareFunding(t.app.ctx, dare.id, options)).toEqual({
      success: 0,
      failed: 0,
      total: 0,
    });
    expect((await checkLedgerIntegrity(t.app.ctx.db)).problems).toEqual([]);
  });
});

describe('the platform fee (PLATFORM_FEE_BPS=1000)', () => {
  let t: TestApp;
  let h: ReturnType<typeof fundingGateway>;
  beforeAll(async () => {
    t = await createTestApp({ PLATFORM_FEE_BPS: '1000' });
    h = fundingGateway(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('takes 10 % rounded down at payout; the taker gets the rest, to the cent', async () => {
    const creator = await addUser(t, 'creator');
    await addPayoutAccount(t, h, creator.id, { verified: true });
    const { dare } = await completedDare(t, h, creator.id, [1005, 999]);
    const result = await completeDareFunding(t.app.ctx, dare.id, { gateway: h.gateway });
    expect(result).toEqual({ success: 2, failed: 0, total: 20.04 });

    const { db } = t.app.ctx;
    // 2004 * 10 % = 200.4: the fee is 200, the taker gets 1804.
    const [payout] = await db.select().from(payouts).where(eq(payouts.dareId, dare.id));
    expect(payout).toMatchObject({ status: 'paid', amountCents: 1804, feeCents: 200 });
    const [transfer] = await db
      .select()
      .from(gatewayTransfers)
      .where(eq(gatewayTransfers.id, payout!.transferId!));
    expect(transfer!.amountCents).toBe(1804);
    const balance = async (account: string) =>
      (await db.select().from(ledgerEntries).where(eq(ledgerEntries.account, account))).reduce(
        (sum, row) => sum + row.amountCents,
        0,
      );
    expect(await balance('platform:fees')).toBe(200);
    expect(await balance(`taker:${creator.id}`)).toBe(1804);
    expect(await balance(`escrow:dare:${dare.id}`)).toBe(0);
    expect(await paymentStatus(t.app.ctx, dare.id)).toMatchObject({
      capturedTotal: 20.04,
      fee: 2,
      payout: 18.04,
      payoutStatus: 'paid',
      accountVerified: true,
    });
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
  });
});

describe('POST /api/dares/:id/capture-payments and GET .../payment-status', () => {
  let t: TestApp;
  let h: ReturnType<typeof fundingGateway>;
  beforeAll(async () => {
    t = await createTestApp();
    h = fundingGateway(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const capture = (dareId: number, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/dares/${dareId}/capture-payments`,
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it('needs a login, the creator, a completed dare and a verified payout account', async () => {
    const creator = await registerUser(t.app);
    const other = await registerUser(t.app);
    const { db } = t.app.ctx;
    const { dare } = await completedDare(t, h, creator.user.id, [1000, 2500]);

    expect((await capture(dare.id)).statusCode).toBe(401);
    const forbidden = await capture(dare.id, other.cookie);
    expect(forbidden.statusCode).toBe(403);
    expect((await capture(999_999, creator.cookie)).statusCode).toBe(404);

    await db.update(dares).set({ status: 'verification' }).where(eq(dares.id, dare.id));
    const early = await capture(dare.id, creator.cookie);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toMatch(/completed/);
    await db.update(dares).set({ status: 'completed' }).where(eq(dares.id, dare.id));

    const noAccount = await capture(dare.id, creator.cookie);
    expect(noAccount.statusCode).toBe(422);
    expect(noAccount.json().message).toBe(
      'Set up and verify your payout account to collect payments',
    );
    const account = await addPayoutAccount(t, h, creator.user.id, { verified: false });
    expect((await capture(dare.id, creator.cookie)).statusCode).toBe(422);
    expect(await db.select().from(pledges).where(eq(pledges.status, 'captured'))).toHaveLength(0);

    await h.gateway.verifyConnectedAccount(account);
    const done = await capture(dare.id, creator.cookie);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: 2, failed: 0, total: 35 });
    expect((await capture(dare.id, creator.cookie)).json()).toEqual({
      success: 0,
      failed: 0,
      total: 0,
    });

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/dares/${dare.id}/payment-status`,
      headers: { cookie: creator.cookie },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({
      capturedTotal: 35,
      pledgesCaptured: 2,
      pledgesFailed: 0,
      pledgesAwaiting: 0,
      fee: 0,
      payout: 35,
      payoutStatus: 'paid',
      accountVerified: true,
    });
    const otherStatus = await t.app.inject({
      method: 'GET',
      url: `/api/dares/${dare.id}/payment-status`,
      headers: { cookie: other.cookie },
    });
    expect(otherStatus.statusCode).toBe(403);
  });
});

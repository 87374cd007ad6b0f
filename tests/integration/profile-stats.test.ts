import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitFee } from '@/domain/money';
import { dares, pledges } from '@/server/db/schema';
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
  // A 10% platform fee, so what the taker earned differs from what their dare raised.
  t = await createTestApp({ PLATFORM_FEE_BPS: '1000' });
  h = fundingGateway(t);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, cookie?: string) =>
  t.app.inject({ url, ...(cookie ? { headers: { cookie } } : {}) });

describe('profile stats are the true numbers, money from the ledger', () => {
  it('earned is what the completed dares raised, paid out or not; paid out is its own figure; pledged counts live and captured pledges', async () => {
    const taker = await registerUser(t.app);
    const pledger = await registerUser(t.app);
    const other = await addUser(t, 'creator');
    const db = t.app.ctx.db;

    // The taker's own dare, funded by the pledger and a stranger, completed and paid out.
    const paid = await createDare(db, { creatorId: taker.user.id, targetAmountCents: 100_000 });
    await addFundedPledge(t, h, { userId: pledger.user.id, dareId: paid.id, amountCents: 1000 });
    await addFundedPledge(t, h, { userId: pledger.user.id, dareId: paid.id, amountCents: 2500 });
    await addFundedPledge(t, h, {
      userId: (await addUser(t)).id,
      dareId: paid.id,
      amountCents: 1234,
    });
    await db.update(dares).set({ status: 'completed' }).where(eq(dares.id, paid.id));
    await addPayoutAccount(t, h, taker.user.id, { verified: true });
    const capture = await t.app.inject({
      method: 'POST',
      url: `/api/dares/${paid.id}/capture-payments`,
      headers: { cookie: taker.cookie },
    });
    expect(capture.statusCode).toBe(200);

    // A challenge by someone else the taker completed, raised money but not collected yet:
    // earned all the same (issue 19 item 9: the spec's completed dares' amounts), not paid out.
    const unpaid = await createDare(db, {
      creatorId: other.id,
      takerId: taker.user.id,
      dareType: 'challenge',
      status: 'completed',
    });
    await addFundedPledge(t, h, { userId: pledger.user.id, dareId: unpaid.id, amountCents: 700 });
    // The taker's second dare, still active: created, not completed.
    await createDare(db, { creatorId: taker.user.id });
    // A pledge that never got a card hold does not count.
    await db
      .insert(pledges)
      .values({ userId: pledger.user.id, dareId: unpaid.id, amountCents: 9900 });

    const { payoutCents } = splitFee(1000 + 2500 + 1234, t.config.platformFeeBps);
    expect(payoutCents).toBeLessThan(4734);
    const earned = (4734 + 700) / 100;
    const paidOut = payoutCents / 100;

    const profile = await get(`/api/users/${taker.user.id}`, pledger.cookie);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().stats).toEqual({
      createdCount: 2,
      completedCount: 2,
      totalEarned: earned,
    });

    const me = (await get('/api/user', taker.cookie)).json();
    expect(me.stats).toEqual({
      createdCount: 2,
      completedCount: 2,
      totalEarned: earned,
      totalPaidOut: paidOut,
      pledgeCount: 0,
      totalPledged: 0,
    });

    // The pledger: two captured pledges (35.00) and one live hold (7.00); the pending one is not counted.
    const pledgerView = (await get('/api/user', pledger.cookie)).json();
    expect(pledgerView.stats).toEqual({
      createdCount: 0,
      completedCount: 0,
      totalEarned: 0,
      totalPaidOut: 0,
      pledgeCount: 3,
      totalPledged: 42,
    });
    expect((await get(`/api/users/${pledger.user.id}`)).json().stats).toEqual({
      createdCount: 0,
      completedCount: 0,
      totalEarned: 0,
    });
  });

  it('answers 404 for a user that does not exist', async () => {
    const res = await get('/api/users/2000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'User not found' });
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dares,
  gatewayPaymentIntents,
  ledgerEntries,
  liveEvents,
  notifications,
  pledges,
  submissions,
} from '@/server/db/schema';
import { checkLedgerIntegrity } from '@/server/modules/funding/ledger-check';
import { createDare } from '../support/dares';
import { pledgeOverHttp } from '../support/pledge-http';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const cancel = (cookie: string, pledgeId: number | string) =>
  t.app.inject({ method: 'POST', url: `/api/pledges/${pledgeId}/cancel`, headers: { cookie } });

const dareView = async (dareId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/dares/${dareId}` })).json();

/** A dare (active by default) with a paid $20 pledge from a signed-in pledger. */
async function pledgedDare(status: 'pending' | 'active' = 'active', targetAmountCents = 2000) {
  const creator = await registerUser(t.app, { displayName: 'Casey' });
  const dare = await createDare(t.app.ctx.db, {
    creatorId: creator.user.id,
    status: 'pending',
    targetAmountCents,
    title: 'Swim the lake',
  });
  const pledger = await registerUser(t.app, { displayName: 'Pat' });
  const paid = await pledgeOverHttp(t.app, pledger.cookie, dare.id, 20);
  expect(paid.confirm?.statusCode).toBe(200);
  if (status === 'active') {
    await t.app.ctx.db.update(dares).set({ status }).where(eq(dares.id, dare.id));
  }
  return { dare, creator, pledger, pledgeId: paid.pledgeId! };
}

describe('POST /api/pledges/{id}/cancel', () => {
  it('cancels the hold; the totals and the ledger follow; an active dare stays active', async () => {
    const { db } = t.app.ctx;
    const { dare, pledger, pledgeId } = await pledgedDare('pending', 1500);
    // $20 of $15: the pledge made the dare active.
    expect(await dareView(dare.id)).toMatchObject({
      status: 'active',
      currentAmount: 20,
      pledgeCount: 1,
    });

    const response = await cancel(pledger.cookie, pledgeId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: pledgeId, status: 'released' });
    expect(await dareView(dare.id)).toMatchObject({
      status: 'active',
      currentAmount: 0,
      pledgeCount: 0,
    });
    const [pledge] = await db.select().from(pledges).where(eq(pledges.id, pledgeId));
    const [intent] = await db
      .select()
      .from(gatewayPaymentIntents)
      .where(eq(gatewayPaymentIntents.id, pledge!.paymentIntentId!));
    expect(intent!.status).toBe('canceled');
    const memo = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.pledgeId, pledgeId), eq(ledgerEntries.kind, 'release')));
    expect(memo).toHaveLength(2);

    // Twice is fine: the same answer, nothing moves again.
    const again = await cancel(pledger.cookie, pledgeId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'released' });
    expect(await dareView(dare.id)).toMatchObject({ currentAmount: 0, pledgeCount: 0 });
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
  });

  it('works on a pending dare', async () => {
    const { dare, pledger, pledgeId } = await pledgedDare('pending', 100_000);
    expect((await cancel(pledger.cookie, pledgeId)).statusCode).toBe(200);
    expect(await dareView(dare.id)).toMatchObject({
      status: 'pending',
      currentAmount: 0,
      pledgeCount: 0,
    });
  });

  it('is refused (409) once the dare is under vote or finished, and the pledge stays', async () => {
    const { db } = t.app.ctx;
    for (const status of ['verification', 'completed', 'failed'] as const) {
      const { dare, pledger, pledgeId, creator } = await pledgedDare();
      if (status === 'verification') {
        await db.insert(submissions).values({
          dareId: dare.id,
          userId: creator.user.id,
          videoUrl: '/media/videos/proof.mp4',
          votingEndsAt: new Date(Date.now() + 86_400_000),
        });
      }
      await db.update(dares).set({ status }).where(eq(dares.id, dare.id));
      const response = await cancel(pledger.cookie, pledgeId);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        'Pledges can only be cancelled while the dare is still funding or active',
      );
      expect(await dareView(dare.id)).toMatchObject({ currentAmount: 20, pledgeCount: 1 });
    }
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
  });

  it("answers someone else's pledge like a missing one, and needs a login", async () => {
    const { dare, pledgeId } = await pledgedDare();
    const stranger = await registerUser(t.app);
    const theirs = await cancel(stranger.cookie, pledgeId);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ message: 'Pledge not found' });
    const missing = await cancel(stranger.cookie, 2_147_483_647);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Pledge not found' });
    for (const id of ['2147483648', '99999999999999999999', '0', '-1', 'abc']) {
      const response = await cancel(stranger.cookie, id);
      expect(response.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, id).toBeLessThan(500);
    }
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/pledges/${pledgeId}/cancel`,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await dareView(dare.id)).toMatchObject({ currentAmount: 20, pledgeCount: 1 });
  });

  it('20 parallel cancels move the totals once', async () => {
    const { db } = t.app.ctx;
    const creator = await registerUser(t.app);
    const dare = await createDare(db, { creatorId: creator.user.id, targetAmountCents: 100_000 });
    const pledger = await registerUser(t.app);
    const kept = await pledgeOverHttp(t.app, pledger.cookie, dare.id, 7);
    const { pledgeId } = await pledgeOverHttp(t.app, pledger.cookie, dare.id, 20);
    expect(await dareView(dare.id)).toMatchObject({ currentAmount: 27, pledgeCount: 2 });

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => cancel(pledger.cookie, pledgeId!)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await dareView(dare.id)).toMatchObject({ currentAmount: 7, pledgeCount: 1 });
    const memo = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.pledgeId, pledgeId!), eq(ledgerEntries.kind, 'release')));
    expect(memo).toHaveLength(2);
    expect(kept.pledgeId).toBeDefined();
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
  });

  // Issue 19 item 21: the creator was not told when a pledge was cancelled.
  it("tells the dare's creator (inbox and live event) when a pledger cancels, not for their own", async () => {
    const { db } = t.app.ctx;
    const { dare, creator, pledger, pledgeId } = await pledgedDare();
    const inbox = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/notifications',
          headers: { cookie: creator.cookie },
        })
      ).json().items as { kind: string; text: string; detail: string; href: string }[];
    const notificationEvents = async () =>
      (await db.select().from(liveEvents).where(eq(liveEvents.userId, creator.user.id))).filter(
        (event) => event.kind === 'notification',
      ).length;
    const eventsBefore = await notificationEvents();

    expect((await cancel(pledger.cookie, pledgeId)).statusCode).toBe(200);
    expect((await cancel(pledger.cookie, pledgeId)).statusCode).toBe(200);
    const cancelled = (await inbox()).filter((item) => item.kind === 'pledge_cancelled');
    expect(cancelled).toEqual([
      expect.objectContaining({
        text: 'Pat cancelled their $20.00 pledge to "Swim the lake"',
        detail: 'It no longer counts toward your goal.',
        href: `/dares/${dare.id}`,
      }),
    ]);
    expect(await notificationEvents()).toBe(eventsBefore + 1);

    // The creator's own pledge, cancelled by the creator: nobody else to tell.
    const own = await pledgeOverHttp(t.app, creator.cookie, dare.id, 10);
    expect((await cancel(creator.cookie, own.pledgeId!)).statusCode).toBe(200);
    // An unpaid pledge never counted, so its cancel is no news either.
    const unpaid = await t.app.inject({
      method: 'POST',
      url: '/api/pledges',
      headers: { cookie: pledger.cookie },
      payload: { dareId: dare.id, amount: 15 },
    });
    expect((await cancel(pledger.cookie, unpaid.json().id)).statusCode).toBe(200);
    const kinds = await db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, creator.user.id));
    expect(kinds.filter((row) => row.kind === 'pledge_cancelled')).toHaveLength(1);
  });
});

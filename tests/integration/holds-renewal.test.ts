import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FundingDuration } from '@/domain/funding-duration';
import {
  dares,
  gatewayPaymentIntents,
  ledgerEntries,
  mailOutbox,
  pledges,
  users,
} from '@/server/db/schema';
import { runDueJobs } from '@/server/jobs/runner';
import { completeDareFunding } from '@/server/modules/funding/complete-funding';
import { checkLedgerIntegrity } from '@/server/modules/funding/ledger-check';
import { renewHolds } from '@/server/modules/funding/renew-holds';
import { createDare } from '../support/dares';
import { addFundedPledge, addUser, CARDS, fundingGateway } from '../support/funded-pledges';
import { createTestApp, type TestApp } from '../support/test-app';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

let t: TestApp;
let h: ReturnType<typeof fundingGateway>;
beforeAll(async () => {
  t = await createTestApp();
  h = fundingGateway(t);
});
afterAll(async () => {
  await t?.close();
});
// Each test's dares leave the renewal's reach, so the next test sees only its own holds.
afterEach(async () => {
  await t.app.ctx.db
    .update(dares)
    .set({ status: 'failed' })
    .where(inArray(dares.status, ['pending', 'active', 'verification']));
});

/** A 20-day dare funded now: its 7-day holds must be renewed before it can resolve. */
async function fundedDare(cards: string[], days: FundingDuration = 14) {
  const start = new Date();
  h.clock.now = start;
  const { db } = t.app.ctx;
  const creator = await addUser(t, 'creator');
  const dare = await createDare(db, {
    creatorId: creator.id,
    targetAmountCents: 100_000,
    createdAt: start,
    durationDays: days,
  });
  const funded = [];
  for (const card of cards) {
    const pledger = await addUser(t);
    funded.push(
      await addFundedPledge(t, h, { userId: pledger.id, dareId: dare.id, amountCents: 1000, card }),
    );
  }
  return { start, dare, pledges: funded.map((f) => f.pledge) };
}

const at = (start: Date, ms: number) => {
  h.clock.now = new Date(start.getTime() + ms);
  return { gateway: h.gateway, now: h.now };
};
const pledgeRow = async (id: number) =>
  (await t.app.ctx.db.select().from(pledges).where(eq(pledges.id, id)))[0]!;
const dareRow = async (id: number) =>
  (await t.app.ctx.db.select().from(dares).where(eq(dares.id, id)))[0]!;
const intentsOf = (pledgeId: number) =>
  t.app.ctx.db
    .select()
    .from(gatewayPaymentIntents)
    .where(sql`${gatewayPaymentIntents.metadata}->>'pledgeId' = ${String(pledgeId)}`);

describe('hold renewal', () => {
  it('renews a hold 48 h before it lapses: new intent, old one cancelled', async () => {
    const {
      start,
      dare,
      pledges: [pledge],
    } = await fundedDare([CARDS.ok]);
    const oldIntent = pledge!.paymentIntentId!;
    expect(await renewHolds(t.app.ctx, at(start, 4 * DAY_MS))).toMatchObject({ renewed: 0 });

    // Through the job runner, as in production: the tick schedules and runs 'renew-holds'.
    const now = at(start, 5 * DAY_MS + HOUR_MS).now();
    const tick = await runDueJobs(t.app.ctx, { now, workerId: 'test', gateway: h.gateway });
    expect(tick.failed + tick.retried).toBe(0);

    const renewed = await pledgeRow(pledge!.id);
    expect(renewed.status).toBe('authorized');
    expect(renewed.paymentIntentId).not.toBe(oldIntent);
    expect(renewed.captureBefore!.getTime()).toBe(now.getTime() + 7 * DAY_MS);
    expect(renewed.authorizedAt!.getTime()).toBe(now.getTime());
    const intents = await intentsOf(pledge!.id);
    expect(Object.fromEntries(intents.map((i) => [i.id, i.status]))).toEqual({
      [oldIntent]: 'canceled',
      [renewed.paymentIntentId!]: 'requires_capture',
    });
    expect(await dareRow(dare.id)).toMatchObject({ currentAmountCents: 1000, pledgeCount: 1 });
    // The new hold covers the dare's end (14 days + vote) only after more renewals.
    expect(await renewHolds(t.app.ctx, at(start, 5 * DAY_MS + 2 * HOUR_MS))).toMatchObject({
      renewed: 0,
    });
  });

  it('leaves holds alone when they outlast the dare, or the dare is over', async () => {
    const short = await fundedDare([CARDS.ok], 3);
    const long = await fundedDare([CARDS.ok]);
    await t.app.ctx.db.update(dares).set({ status: 'completed' }).where(eq(dares.id, long.dare.id));
    expect(await renewHolds(t.app.ctx, at(short.start, 6 * DAY_MS))).toEqual({
      renewed: 0,
      failed: 0,
      dropped: 0,
      errors: 0,
    });
  });

  it('a declined renewal (0341 off session) asks for a card, still counts, then drops at 48 h', async () => {
    const {
      start,
      dare,
      pledges: [pledge, kept],
    } = await fundedDare([CARDS.declinesWhenCharged, CARDS.ok]);
    const failedAt = at(start, 5 * DAY_MS + HOUR_MS).now();
    expect(await renewHolds(t.app.ctx, { gateway: h.gateway, now: h.now })).toMatchObject({
      renewed: 1,
      failed: 1,
    });
    const waiting = await pledgeRow(pledge!.id);
    expect(waiting).toMatchObject({
      status: 'requires_action',
      paymentIntentId: pledge!.paymentIntentId,
    });
    expect(waiting.actionRequiredAt!.getTime()).toBe(failedAt.getTime());
    expect(await dareRow(dare.id)).toMatchObject({ currentAmountCents: 2000, pledgeCount: 2 });
    // The declined attempt is cancelled; the old hold stays until the drop.
    const statuses = (await intentsOf(pledge!.id)).map((i) => i.status).sort();
    expect(statuses).toEqual(['canceled', 'requires_capture']);

    const { db } = t.app.ctx;
    const [user] = await db.select().from(users).where(eq(users.id, pledge!.userId));
    // The renewal emails (the pledge's 'First Backer' achievement mail is not one).
    const renewalMail = async () =>
      (await db.select().from(mailOutbox).where(eq(mailOutbox.to, user!.email))).filter(
        (m) => !m.subject.startsWith('Achievement Unlocked!'),
      );
    const mail = await renewalMail();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain(dare.title);
    expect(mail[0]!.text).toContain(`http://localhost:3000/pledge/${pledge!.id}/payment`);

    // Later runs neither retry nor email again, and keep the first actionRequiredAt.
    expect(await renewHolds(t.app.ctx, at(start, 6 * DAY_MS))).toMatchObject({ dropped: 0 });
    expect(await renewHolds(t.app.ctx, at(failedAt, 47 * HOUR_MS))).toMatchObject({ dropped: 0 });
    expect(await renewalMail()).toHaveLength(1);
    expect((await pledgeRow(pledge!.id)).actionRequiredAt!.getTime()).toBe(failedAt.getTime());

    expect(await renewHolds(t.app.ctx, at(failedAt, 48 * HOUR_MS))).toMatchObject({ dropped: 1 });
    expect(await pledgeRow(pledge!.id)).toMatchObject({ status: 'released' });
    expect(await dareRow(dare.id)).toMatchObject({ currentAmountCents: 1000, pledgeCount: 1 });
    expect((await intentsOf(pledge!.id)).map((i) => i.status)).toEqual(['canceled', 'canceled']);
    expect((await pledgeRow(kept!.id)).status).toBe('authorized');
    const memo = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.pledgeId, pledge!.id));
    expect(memo.map((row) => row.kind)).toEqual(['release', 'release']);
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
  });

  it('two concurrent runs renew a hold once, email a decline once, drop once', async () => {
    const {
      start,
      dare,
      pledges: funded,
    } = await fundedDare([
      CARDS.ok,
      CARDS.ok,
      CARDS.declinesWhenCharged,
      CARDS.declinesWhenCharged,
    ]);
    const options = at(start, 5 * DAY_MS + HOUR_MS);
    const reports = await Promise.all([
      renewHolds(t.app.ctx, options),
      renewHolds(t.app.ctx, options),
    ]);
    expect(reports[0]!.renewed + reports[1]!.renewed).toBe(2);
    expect(reports[0]!.failed + reports[1]!.failed).toBe(2);
    for (const pledge of funded.slice(0, 2)) {
      const intents = await intentsOf(pledge.id);
      expect(intents).toHaveLength(2);
      const current = await pledgeRow(pledge.id);
      expect(intents.find((i) => i.id === current.paymentIntentId)!.status).toBe(
        'requires_capture',
      );
      expect(intents.find((i) => i.id === pledge.paymentIntentId)!.status).toBe('canceled');
    }
    const declined = await pledgeRow(funded[2]!.id);
    expect(declined.status).toBe('requires_action');
    const mails = await t.app.ctx.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.text} like ${`%/pledge/${declined.id}/payment%`}`);
    expect(mails).toHaveLength(1);
    expect(await dareRow(dare.id)).toMatchObject({ currentAmountCents: 4000, pledgeCount: 4 });

    // 48 h later both declined pledges of the one dare are dropped, by racing runs, once.
    const later = at(start, 7 * DAY_MS + HOUR_MS);
    const drops = await Promise.all([renewHolds(t.app.ctx, later), renewHolds(t.app.ctx, later)]);
    expect(drops.map((r) => r.errors)).toEqual([0, 0]);
    expect(drops[0]!.dropped + drops[1]!.dropped).toBe(2);
    expect(await dareRow(dare.id)).toMatchObject({ currentAmountCents: 2000, pledgeCount: 2 });
    expect((await checkLedgerIntegrity(t.app.ctx.db)).problems).toEqual([]);
  });

  it('a dare that completes mid-renewal keeps the old hold, which is then captured', async () => {
    const {
      start,
      dare,
      pledges: [pledge],
    } = await fundedDare([CARDS.ok]);
    const { db } = t.app.ctx;
    // The vote resolves between the new authorization and the pledge's move to it.
    const racing = Object.create(h.gateway) as typeof h.gateway;
    racing.createPaymentIntent = async (input) => {
      const intent = await h.gateway.createPaymentIntent(input);
      await db.update(dares).set({ status: 'completed' }).where(eq(dares.id, dare.id));
      return intent;
    };
    const options = { ...at(start, 5 * DAY_MS + HOUR_MS), gateway: racing };
    expect(await renewHolds(t.app.ctx, options)).toMatchObject({ renewed: 0, errors: 0 });
    const after = await pledgeRow(pledge!.id);
    expect(after).toMatchObject({ status: 'authorized', paymentIntentId: pledge!.paymentIntentId });
    // The orphaned new hold is given back; the old one is still there to capture.
    const byId = Object.fromEntries((await intentsOf(pledge!.id)).map((i) => [i.id, i.status]));
    expect(Object.values(byId).sort()).toEqual(['canceled', 'requires_capture']);
    expect(byId[pledge!.paymentIntentId!]).toBe('requires_capture');
    const result = await completeDareFunding(t.app.ctx, dare.id, { gateway: h.gateway });
    expect(result).toMatchObject({ success: 1, failed: 0 });
  });
});

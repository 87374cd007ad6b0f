import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '@/contracts/moderation-values';
import { renderNotification } from '@/domain/notification-text';
import {
  connectedAccounts,
  dares,
  gatewayPaymentIntents,
  jobs,
  liveEvents,
  moderationActions,
  notifications,
  payouts,
  pledges,
  submissions,
} from '@/server/db/schema';
import { completeDareFunding } from '@/server/modules/funding/complete-funding';
import { checkLedgerIntegrity } from '@/server/modules/funding/ledger-check';
import { payWaitingPayouts, settlePayout } from '@/server/modules/funding/payout';
import { releaseDareFunding } from '@/server/modules/funding/release-funding';
import { handlePaymentIntentUpdate } from '@/server/modules/pledges/payment-events';
import { createDare } from '../support/dares';
import {
  addFundedPledge,
  addPayoutAccount,
  addUser,
  fundingGateway,
} from '../support/funded-pledges';
import { moderatorFactory, postModerationAction, setModerationState } from '../support/moderation';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';
import { activeDareWithPledgers, proveOverHttp } from '../support/votes';

/** Issue 21 item 4: money follows a moderator's removal of a dare or a proof. */
let t: TestApp;
let h: ReturnType<typeof fundingGateway>;
let mod: Awaited<ReturnType<typeof moderatorFactory>>;
beforeAll(async () => {
  t = await createTestApp();
  h = fundingGateway(t);
  mod = await moderatorFactory(t);
});
afterAll(async () => {
  await t?.close();
});

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
/** `npm run admin -- check-ledger`'s check, with every hold older than the in-flight grace. */
const ledgerProblems = async () =>
  (await checkLedgerIntegrity(t.app.ctx.db, { now: later(2) })).problems;

const removeDare = (dareId: number, reason = 'Dangerous stunt') =>
  postModerationAction(t, mod.cookie, {
    action: 'remove',
    targetType: 'dare',
    targetId: dareId,
    reason,
  });

/** A funding dare with `count` live $10 holds from distinct pledgers. */
async function dareWithHolds(count: number) {
  const creator = await registerUser(t.app);
  const dare = await createDare(t.app.ctx.db, {
    creatorId: creator.user.id,
    status: 'pending',
    targetAmountCents: 1000 * (count + 1),
  });
  const held = [];
  for (let i = 0; i < count; i++) {
    const pledger = await addUser(t);
    held.push(
      await addFundedPledge(t, h, { userId: pledger.id, dareId: dare.id, amountCents: 1000 }),
    );
  }
  return { creator, dare, held };
}

const pledgesOf = (dareId: number) =>
  t.app.ctx.db.select().from(pledges).where(eq(pledges.dareId, dareId));
const dareRow = async (dareId: number) =>
  (await t.app.ctx.db.select().from(dares).where(eq(dares.id, dareId)))[0]!;

describe('removing a dare', () => {
  it('releases all 10 live holds at the gateway too, tells each pledger once; the ledger checks out', async () => {
    const { db } = t.app.ctx;
    const { creator, dare, held } = await dareWithHolds(10);
    const response = await removeDare(dare.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      action: 'remove',
      targetType: 'dare',
      targetId: dare.id,
      reason: 'Dangerous stunt',
      moderator: { id: mod.user.id, username: mod.user.username },
      until: null,
    });

    const after = await dareRow(dare.id);
    expect(after).toMatchObject({ moderationState: 'removed', status: 'failed' });
    expect(after.currentAmountCents).toBe(0);
    const rows = await pledgesOf(dare.id);
    expect(rows.map((p) => p.status)).toEqual(Array(10).fill('released'));
    const intents = await db
      .select({ status: gatewayPaymentIntents.status })
      .from(gatewayPaymentIntents)
      .where(
        inArray(
          gatewayPaymentIntents.id,
          held.map((p) => p.intent.id),
        ),
      );
    expect(intents.map((i) => i.status)).toEqual(Array(10).fill('canceled'));
    expect(await ledgerProblems()).toEqual([]);

    const notices = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.dareId, dare.id), eq(notifications.kind, 'dare_removed')));
    expect(notices.map((n) => n.userId).sort()).toEqual(held.map((p) => p.pledge.userId).sort());
    const words = renderNotification('dare_removed', notices[0]!.data as never, dare.id).text;
    expect(words).toBe(MODERATION_MESSAGES.pledgerNotice);
    // The creator's open page of it refreshes.
    const events = await db.select().from(liveEvents).where(eq(liveEvents.userId, creator.user.id));
    expect(
      events.some((e) => e.kind === 'dare' && (e.data as { dareId: number }).dareId === dare.id),
    ).toBe(true);
  });

  it('cancels a scheduled deadline job and a dare under vote closes its proof', async () => {
    const { db } = t.app.ctx;
    const { taker, dare } = await activeDareWithPledgers(t, h, 2);
    await db.insert(jobs).values({
      kind: 'expire-dare',
      payload: { dareId: dare.id },
      runAt: dare.expiresAt,
      dedupeKey: `expire:dare:${dare.id}`,
    });
    const proof = await proveOverHttp(t, taker.cookie, dare.id);
    expect((await removeDare(dare.id)).statusCode).toBe(200);
    const keys = [`expire:dare:${dare.id}`, `resolve:submission:${proof.id}`];
    const cancelled = await db.select().from(jobs).where(inArray(jobs.dedupeKey, keys));
    expect(cancelled.map((j) => j.status)).toEqual(['done', 'done']);
    const [closed] = await db.select().from(submissions).where(eq(submissions.id, proof.id));
    expect(closed!.status).toBe('rejected');
    expect(await dareRow(dare.id)).toMatchObject({ status: 'failed', moderationState: 'removed' });
    expect((await pledgesOf(dare.id)).every((p) => p.status === 'released')).toBe(true);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('100 parallel identical removals release each hold once and log one action', async () => {
    const { db } = t.app.ctx;
    const { dare } = await dareWithHolds(3);
    const answers = await Promise.all(Array.from({ length: 100 }, () => removeDare(dare.id)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(
      'This is already removed',
    );
    const logged = await db
      .select()
      .from(moderationActions)
      .where(
        and(eq(moderationActions.targetType, 'dare'), eq(moderationActions.targetId, dare.id)),
      );
    expect(logged).toHaveLength(1);
    const released = await pledgesOf(dare.id);
    expect(released.map((p) => p.status)).toEqual(['released', 'released', 'released']);
    const memos = await db.select().from(notifications).where(eq(notifications.dareId, dare.id));
    expect(memos.filter((n) => n.kind === 'hold_released')).toHaveLength(0);
    expect(memos.filter((n) => n.kind === 'dare_removed')).toHaveLength(3);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('blocks an unpaid payout of a completed dare: the payout code never pays it', async () => {
    const { db } = t.app.ctx;
    const { taker, dare } = await activeDareWithPledgers(t, h, 1);
    const account = await addPayoutAccount(t, h, taker.user.id, { verified: false });
    await db.update(dares).set({ status: 'completed' }).where(eq(dares.id, dare.id));
    // Captured and waiting for the taker's payout account.
    await completeDareFunding(t.app.ctx, dare.id, { gateway: h.gateway });
    const [waiting] = await db.select().from(payouts).where(eq(payouts.dareId, dare.id));
    expect(waiting!.status).toBe('waiting_for_account');

    expect((await removeDare(dare.id)).statusCode).toBe(200);
    expect(await dareRow(dare.id)).toMatchObject({
      status: 'completed',
      moderationState: 'removed',
    });
    const [blocked] = await db.select().from(payouts).where(eq(payouts.dareId, dare.id));
    expect(blocked!.blockedAt).not.toBeNull();
    // The account is verified now: the payout code still skips it.
    await h.gateway.verifyConnectedAccount(account);
    await db
      .update(connectedAccounts)
      .set({ verified: true, detailsSubmitted: true })
      .where(eq(connectedAccounts.userId, taker.user.id));
    const paid = await settlePayout(t.app.ctx, dare.id, { gateway: h.gateway });
    expect(paid!.status).toBe('waiting_for_account');
    expect(await payWaitingPayouts(t.app.ctx, { gateway: h.gateway })).toEqual({
      waiting: 0,
      paid: 0,
    });
    expect(await ledgerProblems()).toEqual([]);
  });

  it('restore brings a failed dare back into view but leaves it failed with its holds released', async () => {
    const { dare } = await dareWithHolds(2);
    expect((await removeDare(dare.id)).statusCode).toBe(200);
    const restore = await postModerationAction(t, mod.cookie, {
      action: 'restore',
      targetType: 'dare',
      targetId: dare.id,
      reason: 'Removed by mistake',
    });
    expect(restore.statusCode).toBe(200);
    expect(await dareRow(dare.id)).toMatchObject({ status: 'failed', moderationState: null });
    expect((await pledgesOf(dare.id)).map((p) => p.status)).toEqual(['released', 'released']);
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe('what the pledgers of a removed dare hear', () => {
  it('each pledger gets exactly one notice about it, the dare_removed one (no hold_released)', async () => {
    const { db } = t.app.ctx;
    const { dare, held } = await dareWithHolds(3);
    // A second hold of the first pledger: still one notice for them.
    const first = held[0]!.pledge.userId;
    await addFundedPledge(t, h, { userId: first, dareId: dare.id, amountCents: 500 });
    expect((await removeDare(dare.id)).statusCode).toBe(200);
    expect((await pledgesOf(dare.id)).map((p) => p.status)).toEqual(Array(4).fill('released'));
    for (const { pledge } of held) {
      const about = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, pledge.userId), eq(notifications.dareId, dare.id)));
      expect(about.map((n) => n.kind)).toEqual(['dare_removed']);
      const text = renderNotification('dare_removed', about[0]!.data as never, dare.id).text;
      expect(text).toBe(
        'A dare you pledged to was removed for breaking the rules. The hold on your card was released.',
      );
    }
    expect(await ledgerProblems()).toEqual([]);
  });

  it('a dare that fails on its own still says hold_released per pledge', async () => {
    const { db } = t.app.ctx;
    const { dare, held } = await dareWithHolds(1);
    await db.update(dares).set({ status: 'failed' }).where(eq(dares.id, dare.id));
    expect((await releaseDareFunding(t.app.ctx, dare.id, { gateway: h.gateway })).released).toBe(1);
    const about = await db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, held[0]!.pledge.userId), eq(notifications.dareId, dare.id)),
      );
    expect(about.map((n) => n.kind)).toEqual(['hold_released']);
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe('a card that authorizes after its dare was removed', () => {
  /** A pledge whose card is held at the gateway, the app not told yet (webhook on its way). */
  async function heldButUnreported() {
    const { dare } = await dareWithHolds(0);
    const pledger = await addUser(t);
    const late = await addFundedPledge(t, h, {
      userId: pledger.id,
      dareId: dare.id,
      amountCents: 1000,
      reported: false,
    });
    expect(late.pledge.status).toBe('pending');
    expect(late.intent.status).toBe('requires_capture');
    return { dare, ...late };
  }

  const intentStatus = async (id: string) =>
    (
      await t.app.ctx.db
        .select({ status: gatewayPaymentIntents.status })
        .from(gatewayPaymentIntents)
        .where(eq(gatewayPaymentIntents.id, id))
    )[0]!.status;

  /** Released at once: never counted, nobody told of a pledge, the gateway's hold cancelled. */
  async function expectReleasedAtOnce(dareId: number, pledgeId: number, intentId: string) {
    const [pledge] = await t.app.ctx.db.select().from(pledges).where(eq(pledges.id, pledgeId));
    expect(pledge!.status).toBe('released');
    expect(await intentStatus(intentId)).toBe('canceled');
    expect(await dareRow(dareId)).toMatchObject({ currentAmountCents: 0, pledgeCount: 0 });
    const told = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.dareId, dareId), eq(notifications.kind, 'pledge_received')));
    expect(told).toEqual([]);
    expect(await ledgerProblems()).toEqual([]);
  }

  it('reported after the removal released it: the late webhook leaves no hold', async () => {
    const { dare, pledge, intent } = await heldButUnreported();
    expect((await removeDare(dare.id)).statusCode).toBe(200);
    expect(await handlePaymentIntentUpdate(t.app.ctx, intent)).toBe('pledge_closed');
    await expectReleasedAtOnce(dare.id, pledge.id, intent.id);
  });

  it.each([
    ['removed and failed, its release not run yet (a crash after the commit)', 'failed'],
    ['removed while its status still says funding', 'pending'],
  ] as const)(
    'reported on a dare %s: released at once through the pledge transition',
    async (_, status) => {
      const { dare, pledge, intent } = await heldButUnreported();
      await t.app.ctx.db.update(dares).set({ status }).where(eq(dares.id, dare.id));
      await setModerationState(t.app, 'dare', dare.id, 'removed');
      expect(await handlePaymentIntentUpdate(t.app.ctx, intent)).toBe('dare_closed');
      await expectReleasedAtOnce(dare.id, pledge.id, intent.id);
    },
  );

  it('a dare under review keeps a pledge begun before it was hidden', async () => {
    const { dare, pledge, intent } = await heldButUnreported();
    await setModerationState(t.app, 'dare', dare.id, 'under_review');
    expect(await handlePaymentIntentUpdate(t.app.ctx, intent)).toBeUndefined();
    const [row] = await t.app.ctx.db.select().from(pledges).where(eq(pledges.id, pledge.id));
    expect(row!.status).toBe('authorized');
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe('removing a proof', () => {
  const removeProof = (submissionId: number) =>
    postModerationAction(t, mod.cookie, {
      action: 'remove',
      targetType: 'submission',
      targetId: submissionId,
      reason: 'Dangerous',
    });

  it('puts the dare back to active while its time remains; the vote-window job is cancelled', async () => {
    const { db } = t.app.ctx;
    const { taker, dare } = await activeDareWithPledgers(t, h, 2);
    const proof = await proveOverHttp(t, taker.cookie, dare.id);
    expect((await dareRow(dare.id)).status).toBe('verification');
    expect((await removeProof(proof.id)).statusCode).toBe(200);
    const [row] = await db.select().from(submissions).where(eq(submissions.id, proof.id));
    expect(row).toMatchObject({ moderationState: 'removed', status: 'rejected' });
    expect((await dareRow(dare.id)).status).toBe('active');
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `resolve:submission:${proof.id}`));
    expect(job!.status).toBe('done');
    expect((await pledgesOf(dare.id)).every((p) => p.status === 'authorized')).toBe(true);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('fails the dare when its deadline has passed, and releases its holds', async () => {
    const { db } = t.app.ctx;
    const { taker, dare } = await activeDareWithPledgers(t, h, 2);
    const proof = await proveOverHttp(t, taker.cookie, dare.id);
    await db
      .update(dares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dares.id, dare.id));
    expect((await removeProof(proof.id)).statusCode).toBe(200);
    expect((await dareRow(dare.id)).status).toBe('failed');
    expect((await pledgesOf(dare.id)).map((p) => p.status)).toEqual(['released', 'released']);
    expect(await ledgerProblems()).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dares, gatewayPaymentIntents, ledgerEntries, pledges } from '@/server/db/schema';
import { enqueueJob } from '@/server/jobs/queue';
import { runDueJobs } from '@/server/jobs/runner';
import { checkLedgerIntegrity } from '@/server/modules/funding/ledger-check';
import { releaseDareFunding } from '@/server/modules/funding/release-funding';
import { inPledgeTransaction, transitionPledge } from '@/server/modules/pledges/pledge-transitions';
import { createDare } from '../support/dares';
import { addFundedPledge, addUser, CARDS, fundingGateway } from '../support/funded-pledges';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let h: ReturnType<typeof fundingGateway>;
beforeAll(async () => {
  t = await createTestApp();
  h = fundingGateway(t);
});
afterAll(async () => {
  await t?.close();
});

describe('releaseDareFunding', () => {
  it('cancels every hold and unconfirmed intent of a failed dare, once', async () => {
    const { db } = t.app.ctx;
    const creator = await addUser(t, 'creator');
    const dare = await createDare(db, { creatorId: creator.id, targetAmountCents: 100_000 });
    const add = async (amountCents: number, card?: string) =>
      addFundedPledge(t, h, { userId: (await addUser(t)).id, dareId: dare.id, amountCents, card });
    const held = [await add(1000), await add(2500)];
    // A renewal that failed: still counted, its old hold still on the card.
    const needsAction = await add(700);
    await inPledgeTransaction(t.app.ctx, (tx) =>
      transitionPledge(
        tx,
        needsAction.pledge.id,
        'renew_failed',
        { actionRequiredAt: h.now() },
        t.app.ctx.config.publicUrl,
      ),
    );
    // 3-D Secure never answered: the pledge is pending with an open intent.
    const pending = await add(900, CARDS.authentication);
    expect(pending.pledge.status).toBe('pending');
    const [before] = await db.select().from(dares).where(eq(dares.id, dare.id));
    expect(before).toMatchObject({ currentAmountCents: 4200, pledgeCount: 3 });

    await db.update(dares).set({ status: 'failed' }).where(eq(dares.id, dare.id));
    const options = { gateway: h.gateway, now: h.now };
    expect(await releaseDareFunding(t.app.ctx, dare.id, options)).toEqual({ released: 4 });

    const all = [...held, needsAction, pending];
    const intents = await db
      .select()
      .from(gatewayPaymentIntents)
      .where(
        inArray(
          gatewayPaymentIntents.id,
          all.map((p) => p.intent.id),
        ),
      );
    expect(intents.map((intent) => intent.status)).toEqual(Array(4).fill('canceled'));
    const rows = await db.select().from(pledges).where(eq(pledges.dareId, dare.id));
    expect(rows.every((p) => p.status === 'released' && p.releasedAt)).toBe(true);
    const [after] = await db.select().from(dares).where(eq(dares.id, dare.id));
    expect(after).toMatchObject({ currentAmountCents: 0, pledgeCount: 0 });

    // One zero-sum memo pair per hold that was counted; the pending intent held nothing.
    const memo = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.dareId, dare.id), eq(ledgerEntries.kind, 'release')));
    expect(memo).toHaveLength(6);
    expect(new Set(memo.map((row) => row.pledgeId))).toEqual(
      new Set([held[0]!.pledge.id, held[1]!.pledge.id, needsAction.pledge.id]),
    );

    // Twice, and concurrently: nothing more happens.
    const again = await Promise.all([
      releaseDareFunding(t.app.ctx, dare.id, options),
      releaseDareFunding(t.app.ctx, dare.id, options),
    ]);
    expect(again).toEqual([{ released: 0 }, { released: 0 }]);
    const memoAfter = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.dareId, dare.id), eq(ledgerEntries.kind, 'release')));
    expect(memoAfter).toHaveLength(6);
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
  });

  it('two concurrent first calls release each pledge once', async () => {
    const { db } = t.app.ctx;
    const creator = await addUser(t, 'creator');
    const dare = await createDare(db, { creatorId: creator.id, targetAmountCents: 100_000 });
    for (const amountCents of [1000, 1100, 1200, 1300]) {
      await addFundedPledge(t, h, { userId: (await addUser(t)).id, dareId: dare.id, amountCents });
    }
    await db.update(dares).set({ status: 'failed' }).where(eq(dares.id, dare.id));
    const options = { gateway: h.gateway, now: h.now };
    const results = await Promise.all([
      releaseDareFunding(t.app.ctx, dare.id, options),
      releaseDareFunding(t.app.ctx, dare.id, options),
    ]);
    expect(results[0]!.released + results[1]!.released).toBe(4);
    const memo = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.dareId, dare.id), eq(ledgerEntries.kind, 'release')));
    expect(memo).toHaveLength(8);
    const [after] = await db.select().from(dares).where(eq(dares.id, dare.id));
    expect(after).toMatchObject({ currentAmountCents: 0, pledgeCount: 0 });
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
  });

  it('runs as the release-dare-funding job the lifecycle enqueues', async () => {
    const { db } = t.app.ctx;
    const creator = await addUser(t, 'creator');
    const dare = await createDare(db, { creatorId: creator.id, targetAmountCents: 100_000 });
    const { pledge } = await addFundedPledge(t, h, {
      userId: (await addUser(t)).id,
      dareId: dare.id,
      amountCents: 1500,
    });
    const now = new Date();
    await db.transaction(async (tx) => {
      await tx.update(dares).set({ status: 'failed' }).where(eq(dares.id, dare.id));
      await enqueueJob(tx, {
        kind: 'release-dare-funding',
        payload: { dareId: dare.id },
        runAt: now,
        dedupeKey: `funding:dare:${dare.id}`,
      });
    });
    const tick = await runDueJobs(t.app.ctx, { now, workerId: 'test', periodic: [] });
    expect(tick).toMatchObject({ claimed: 1, done: 1 });
    const [after] = await db.select().from(pledges).where(eq(pledges.id, pledge.id));
    expect(after!.status).toBe('released');
  });

  it('refuses a dare that has not failed', async () => {
    const creator = await addUser(t, 'creator');
    const dare = await createDare(t.app.ctx.db, { creatorId: creator.id });
    await expect(releaseDareFunding(t.app.ctx, dare.id)).rejects.toThrow(/not failed/);
  });
});

// Last in the file: it corrupts the books on purpose.
describe('checkLedgerIntegrity', () => {
  it('reports a wrong dare total, an unbalanced group and a negative escrow', async () => {
    const { db } = t.app.ctx;
    const creator = await addUser(t, 'creator');
    const dare = await createDare(db, { creatorId: creator.id, targetAmountCents: 100_000 });
    await addFundedPledge(t, h, {
      userId: (await addUser(t)).id,
      dareId: dare.id,
      amountCents: 800,
    });
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);

    await db.update(dares).set({ currentAmountCents: 900 }).where(eq(dares.id, dare.id));
    const groupId = randomUUID();
    await db.insert(ledgerEntries).values([
      {
        groupId,
        kind: 'fee',
        account: `escrow:dare:${dare.id}`,
        amountCents: -300,
        dareId: dare.id,
      },
      { groupId, kind: 'fee', account: 'platform:fees', amountCents: 200, dareId: dare.id },
    ]);
    const report = await checkLedgerIntegrity(db);
    expect(report.problems).toEqual(
      expect.arrayContaining([
        `dare ${dare.id}: currentAmount 900 / pledgeCount 1, live pledges 800 / 1`,
        `ledger group ${groupId}: sums to -100, not 0`,
        `escrow:dare:${dare.id} is negative (-300)`,
      ]),
    );
    expect(report.problems).toHaveLength(3);
  });
});

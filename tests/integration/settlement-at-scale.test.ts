import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dares,
  gatewayPaymentIntents,
  jobs,
  ledgerEntries,
  notifications,
  payouts,
  pledges,
} from '@/server/db/schema';
import { enqueueJob } from '@/server/jobs/queue';
import { runDueJobs } from '@/server/jobs/runner';
import { settleCompletedDare } from '@/server/modules/funding/complete-funding';
import { checkLedgerIntegrity } from '@/server/modules/funding/ledger-check';
import { PLEDGE_PAGE_SIZE } from '@/server/modules/funding/pledge-pages';
import { settleFailedDare } from '@/server/modules/funding/release-funding';
import { createDare } from '../support/dares';
import {
  addFundedPledge,
  addPayoutAccount,
  addUser,
  fundingGateway,
} from '../support/funded-pledges';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Issue 23 item 2 at test size: a dare with more pledges than a page settles in pages with
 * bounded concurrency, its job in slices that neither use up attempts nor hold the queue,
 * and a stop anywhere (between pages, or between a gateway capture and its record) resumes
 * with every hold captured or released exactly once. bench/viral-dare.ts does it at 10,000.
 */
describe('settlement at scale (pages, slices, crashes)', () => {
  let t: TestApp;
  let h: ReturnType<typeof fundingGateway>;
  const BIG = 2 * PLEDGE_PAGE_SIZE + 50;
  // Hundreds of honest pledges (gateway intent, card, confirm, authorize) take a while on a busy machine.
  const SLOW = 180_000;

  beforeAll(async () => {
    t = await createTestApp();
    h = fundingGateway(t);
  });
  afterAll(() => t.close());

  /** `size` funded pledges of 5.00 from a few pledgers (one may pledge many times). */
  async function fundedDare(size: number, status: 'completed' | 'failed') {
    const { db } = t.app.ctx;
    const creator = await addUser(t, 'creator');
    await addPayoutAccount(t, h, creator.id, { verified: true });
    const dare = await createDare(db, { creatorId: creator.id, targetAmountCents: 1_000_000 });
    const pledgers = await Promise.all([1, 2, 3, 4, 5].map(() => addUser(t)));
    for (let i = 0; i < size; i += 1) {
      const userId = pledgers[i % pledgers.length]!.id;
      await addFundedPledge(t, h, { userId, dareId: dare.id, amountCents: 500 });
    }
    await db.update(dares).set({ status }).where(eq(dares.id, dare.id));
    return dare;
  }

  const countBy = async (dareId: number, status: 'captured' | 'released' | 'authorized') => {
    const [row] = await t.app.ctx.db
      .select({ n: count() })
      .from(pledges)
      .where(and(eq(pledges.dareId, dareId), eq(pledges.status, status)));
    return row!.n;
  };
  const ledgerRows = async (dareId: number, kind: 'capture' | 'release') => {
    const [row] = await t.app.ctx.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.dareId, dareId), eq(ledgerEntries.kind, kind)));
    return row!.n;
  };
  /** The gateway's own record: each intent's status and what it captured. */
  const intentsOf = async (dareId: number) => {
    const ids = await t.app.ctx.db
      .select({ id: pledges.paymentIntentId })
      .from(pledges)
      .where(eq(pledges.dareId, dareId));
    return t.app.ctx.db
      .select()
      .from(gatewayPaymentIntents)
      .where(
        inArray(
          gatewayPaymentIntents.id,
          ids.map((row) => row.id!),
        ),
      );
  };

  let big: Awaited<ReturnType<typeof fundedDare>>;

  it(
    'a crash between pages, or between a capture and its record, resumes with each hold captured once',
    async () => {
      big = await fundedDare(BIG, 'completed');
      const options = { gateway: h.gateway, now: h.now };
      // The process dies right after the gateway captured three holds, before recording them.
      const [first, ...rest] = await t.app.ctx.db
        .select()
        .from(pledges)
        .where(eq(pledges.dareId, big.id))
        .orderBy(pledges.id)
        .limit(3);
      for (const pledge of [first!, ...rest]) {
        await h.gateway.capturePaymentIntent({
          id: pledge.paymentIntentId!,
          idempotencyKey: `capture:pledge:${pledge.id}`,
        });
      }
      // Then a run stops between pages (its slice is over; a kill there leaves the same state).
      const stopped = await settleCompletedDare(t.app.ctx, big.id, {
        ...options,
        deadline: Date.now() - 1,
      });
      expect(stopped.outcome).toBe('continue');
      // The three captured at the gateway replay their keys and are recorded once, with the rest.
      expect(stopped.result.success).toBe(PLEDGE_PAGE_SIZE);
      expect(await countBy(big.id, 'captured')).toBe(PLEDGE_PAGE_SIZE);
      expect(await ledgerRows(big.id, 'capture')).toBe(2 * PLEDGE_PAGE_SIZE);
      // The runner stopping (its signal) ends a walk before its next page.
      const abort = new AbortController();
      abort.abort();
      const interrupted = await settleCompletedDare(t.app.ctx, big.id, {
        ...options,
        signal: abort.signal,
      });
      expect(interrupted).toEqual({
        outcome: 'interrupted',
        result: { success: 0, failed: 0, total: 0 },
      });
      expect(await t.app.ctx.db.select().from(payouts).where(eq(payouts.dareId, big.id))).toEqual(
        [],
      );
    },
    SLOW,
  );

  it(
    'the job goes on in slices without using attempts, and another dare settles in between',
    async () => {
      const small = await fundedDare(3, 'completed');
      const { db } = t.app.ctx;
      const bigJob = (await enqueueJob(db, {
        kind: 'complete-dare-funding',
        payload: { dareId: big.id },
        maxAttempts: 2,
      }))!;
      const tick = (now: Date) =>
        runDueJobs(t.app.ctx, { workerId: 'w', now, gateway: h.gateway, periodic: [], sliceMs: 0 });
      const start = new Date(Date.now() + 1000);
      // A slice of 0 ms: one page per run, then 'continue'.
      expect(await tick(start)).toMatchObject({ claimed: 1, continued: 1, failed: 0 });
      const [queued] = await db.select().from(jobs).where(eq(jobs.id, bigJob));
      expect(queued).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
      expect(queued!.runAt.getTime()).toBeGreaterThan(start.getTime());

      // The small dare's job, queued meanwhile, runs before the big one is due again.
      // (An explicit runAt: the runs here take real time, the ticks' clock is the test's.)
      const payload = { dareId: small.id };
      await enqueueJob(db, { kind: 'complete-dare-funding', payload, runAt: start });
      expect(await tick(new Date(start.getTime() + 10))).toMatchObject({ claimed: 1, done: 1 });
      expect(await countBy(small.id, 'captured')).toBe(3);
      expect(await countBy(big.id, 'captured')).toBeLessThan(BIG);

      let now = start;
      for (let run = 0; run < 10; run += 1) {
        // A continued job is due 1 s after its slice ended, by the real clock.
        now = new Date(Math.max(now.getTime(), Date.now()) + 2000);
        const report = await tick(now);
        if (report.done === 1) break;
        expect(report).toMatchObject({ continued: 1, failed: 0 });
      }
      const [done] = await db.select().from(jobs).where(eq(jobs.id, bigJob));
      // More runs than maxAttempts (2), and only the last one counted.
      expect(done).toMatchObject({ status: 'done', attempts: 1 });

      expect(await countBy(big.id, 'captured')).toBe(BIG);
      expect(await countBy(big.id, 'authorized')).toBe(0);
      expect(await ledgerRows(big.id, 'capture')).toBe(2 * BIG);
      const intents = await intentsOf(big.id);
      expect(intents).toHaveLength(BIG);
      expect(intents.every((intent) => intent.status === 'succeeded')).toBe(true);
      expect(intents.every((intent) => intent.amountCapturedCents === 500)).toBe(true);
      const [payout] = await db.select().from(payouts).where(eq(payouts.dareId, big.id));
      expect(payout).toMatchObject({ amountCents: BIG * 500 });
      // Each capture told its pledger, in the capture's own transaction.
      const [told] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.dareId, big.id), eq(notifications.kind, 'card_charged')));
      expect(told!.n).toBe(BIG);
      expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
    },
    SLOW,
  );

  it(
    'releases a failed dare in pages and slices too, each hold once',
    async () => {
      const failed = await fundedDare(PLEDGE_PAGE_SIZE + 20, 'failed');
      const options = { gateway: h.gateway, now: h.now, deadline: Date.now() - 1 };
      const first = await settleFailedDare(t.app.ctx, failed.id, options);
      expect(first).toEqual({ outcome: 'continue', result: { released: PLEDGE_PAGE_SIZE } });
      const second = await settleFailedDare(t.app.ctx, failed.id, options);
      expect(second).toEqual({ outcome: 'done', result: { released: 20 } });
      expect(await settleFailedDare(t.app.ctx, failed.id, options)).toEqual({
        outcome: 'done',
        result: { released: 0 },
      });
      expect(await countBy(failed.id, 'released')).toBe(PLEDGE_PAGE_SIZE + 20);
      // Two rows a release (double entry), one release each.
      expect(await ledgerRows(failed.id, 'release')).toBe(2 * (PLEDGE_PAGE_SIZE + 20));
      const intents = await intentsOf(failed.id);
      expect(intents.every((intent) => intent.status === 'canceled')).toBe(true);
      expect((await checkLedgerIntegrity(t.app.ctx.db)).problems).toEqual([]);
    },
    SLOW,
  );
});

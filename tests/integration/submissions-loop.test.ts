import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dares,
  gatewayPaymentIntents,
  jobs,
  payouts,
  pledges,
  submissions,
} from '@/server/db/schema';
import { runDueJobs } from '@/server/jobs/runner';
import { checkLedgerIntegrity } from '@/server/modules/funding/ledger-check';
import { createDare } from '../support/dares';
import { addPayoutAccount, fundingGateway } from '../support/funded-pledges';
import { CARDS, pledgeOverHttp } from '../support/pledge-http';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';
import { activeDareWithPledgers, postVote, proveOverHttp, submissionsOf } from '../support/votes';

const HOUR_MS = 60 * 60 * 1000;

describe('complete and earn: proof, vote, resolution, money', () => {
  let t: TestApp;
  let h: ReturnType<typeof fundingGateway>;
  beforeAll(async () => {
    t = await createTestApp();
    h = fundingGateway(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const dareStatus = async (id: number) =>
    (await t.app.ctx.db.select().from(dares).where(eq(dares.id, id)))[0]!.status;
  const jobsOf = (kind: string) => t.app.ctx.db.select().from(jobs).where(eq(jobs.kind, kind));

  it('the whole loop over HTTP: 5 pledgers fund it, 3 approvals complete it, the taker is paid', async () => {
    const { db } = t.app.ctx;
    const taker = await registerUser(t.app);
    await addPayoutAccount(t, h, taker.user.id, { verified: true });
    const dare = await createDare(db, {
      creatorId: taker.user.id,
      status: 'pending',
      targetAmountCents: 5000,
    });
    const voters = [];
    for (let i = 0; i < 5; i++) {
      const voter = await registerUser(t.app);
      const paid = await pledgeOverHttp(t.app, voter.cookie, dare.id, 10, CARDS.visa);
      expect(paid.confirm?.statusCode).toBe(200);
      voters.push(voter);
    }
    expect(await dareStatus(dare.id)).toBe('active');

    const proof = await proveOverHttp(t, taker.cookie, dare.id);
    expect(proof).toMatchObject({ status: 'pending', voteCount: 0, pledgerCount: 5 });
    expect(new Date(proof.votingEndsAt).getTime() - new Date(proof.createdAt).getTime()).toBe(
      24 * HOUR_MS,
    );
    expect(await dareStatus(dare.id)).toBe('verification');

    const first = await postVote(t.app, voters[0]!.cookie, proof.id, true);
    expect(first.statusCode).toBe(200);
    // While open: how many voted, not the split.
    expect(first.json().submission).toMatchObject({
      voteCount: 1,
      approvals: null,
      rejections: null,
      myVote: true,
      canVote: false,
    });
    expect((await postVote(t.app, voters[1]!.cookie, proof.id, true)).statusCode).toBe(200);
    expect(await dareStatus(dare.id)).toBe('verification');
    const third = await postVote(t.app, voters[2]!.cookie, proof.id, true);
    expect(third.json().submission).toMatchObject({
      status: 'approved',
      approvals: 3,
      rejections: 0,
    });
    expect(await dareStatus(dare.id)).toBe('completed');
    // The last two pledgers come too late: the vote is over.
    expect((await postVote(t.app, voters[3]!.cookie, proof.id, true)).statusCode).toBe(409);

    expect(await jobsOf('complete-dare-funding')).toHaveLength(1);
    await runDueJobs(t.app.ctx, { workerId: 'loop', periodic: [], gateway: h.gateway });
    await runDueJobs(t.app.ctx, { workerId: 'loop', periodic: [], gateway: h.gateway });

    const rows = await db.select().from(pledges).where(eq(pledges.dareId, dare.id));
    expect(rows.map((p) => p.status)).toEqual(Array(5).fill('captured'));
    for (const pledge of rows) {
      const [intent] = await db
        .select()
        .from(gatewayPaymentIntents)
        .where(eq(gatewayPaymentIntents.id, pledge.paymentIntentId!));
      expect(intent).toMatchObject({ status: 'succeeded', amountCapturedCents: 1000 });
    }
    const paid = await db.select().from(payouts).where(eq(payouts.dareId, dare.id));
    expect(paid).toEqual([
      expect.objectContaining({ status: 'paid', takerId: taker.user.id, amountCents: 5000 }),
    ]);
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
  });

  it('5 rejections of 6 pledgers send the dare back to active, and a second proof is taken', async () => {
    const { taker, dare, voters } = await activeDareWithPledgers(t, h, 6);
    const proof = await proveOverHttp(t, taker.cookie, dare.id);
    for (const voter of voters.slice(0, 4)) {
      expect((await postVote(t.app, voter.cookie, proof.id, false)).statusCode).toBe(200);
    }
    expect(await dareStatus(dare.id)).toBe('verification');
    const fifth = await postVote(t.app, voters[4]!.cookie, proof.id, false);
    expect(fifth.json().submission).toMatchObject({ status: 'rejected', rejections: 5 });
    expect(await dareStatus(dare.id)).toBe('active');
    expect(await jobsOf('release-dare-funding')).toHaveLength(0);

    const second = await proveOverHttp(t, taker.cookie, dare.id);
    const listed = await submissionsOf(t.app, dare.id);
    expect(listed.map((s) => [s.id, s.status])).toEqual([
      [second.id, 'pending'],
      [proof.id, 'rejected'],
    ]);
  });

  it('a rejection after the deadline fails the dare and queues the release of its holds', async () => {
    const { taker, dare, voters } = await activeDareWithPledgers(t, h, 5);
    const proof = await proveOverHttp(t, taker.cookie, dare.id);
    await t.app.ctx.db
      .update(dares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dares.id, dare.id));
    for (const voter of voters) await postVote(t.app, voter.cookie, proof.id, false);
    expect(await dareStatus(dare.id)).toBe('failed');
    const release = await t.app.ctx.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, 'release-dare-funding'), eq(jobs.dedupeKey, `funding:dare:${dare.id}`)),
      );
    expect(release).toHaveLength(1);
  });

  it.each([
    { approve: 2, reject: 3, outcome: 'rejected', dare: 'active' },
    { approve: 0, reject: 4, outcome: 'approved', dare: 'completed' },
    { approve: 0, reject: 0, outcome: 'approved', dare: 'completed' },
  ])('window end with $approve approvals / $reject rejections of 10 -> $outcome', async (c) => {
    const { taker, dare, voters } = await activeDareWithPledgers(t, h, 10, { durationDays: 7 });
    const proof = await proveOverHttp(t, taker.cookie, dare.id);
    const ballots = [...Array(c.approve).fill(true), ...Array(c.reject).fill(false)];
    for (const [i, ballot] of ballots.entries()) {
      expect((await postVote(t.app, voters[i]!.cookie, proof.id, ballot)).statusCode).toBe(200);
    }
    // Still open an hour before the window ends: nothing happens.
    const early = new Date(new Date(proof.votingEndsAt).getTime() - HOUR_MS);
    await runDueJobs(t.app.ctx, { workerId: 'w', now: early, periodic: [], gateway: h.gateway });
    expect(await dareStatus(dare.id)).toBe('verification');

    const later = new Date(Date.now() + 25 * HOUR_MS);
    await runDueJobs(t.app.ctx, { workerId: 'w', now: later, periodic: [], gateway: h.gateway });
    const [row] = await t.app.ctx.db.select().from(submissions).where(eq(submissions.id, proof.id));
    expect(row).toMatchObject({ status: c.outcome, resolvedAt: later });
    expect(await dareStatus(dare.id)).toBe(c.dare);
    const [listed] = await submissionsOf(t.app, dare.id);
    expect(listed).toMatchObject({ approvals: c.approve, rejections: c.reject });
  });
});

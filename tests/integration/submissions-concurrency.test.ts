import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dares,
  gatewayPaymentIntents,
  jobs,
  ledgerEntries,
  pledges,
  submissions,
} from '@/server/db/schema';
import { runDueJobs } from '@/server/jobs/runner';
import { checkLedgerIntegrity } from '@/server/modules/funding/ledger-check';
import { RESOLVE_SUBMISSION_JOB } from '@/server/modules/submissions/resolve';
import { fundingGateway } from '../support/funded-pledges';
import { createTestApp, type TestApp } from '../support/test-app';
import { activeDareWithPledgers, postVote, proveOverHttp } from '../support/votes';

const HOUR_MS = 60 * 60 * 1000;

describe('resolution exactly once (concurrent votes, several job runners, restarts)', () => {
  let t: TestApp;
  let h: ReturnType<typeof fundingGateway>;
  beforeAll(async () => {
    t = await createTestApp();
    h = fundingGateway(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Ticks of two runners side by side until nothing is due at `now`. */
  async function drain(now: Date) {
    for (let round = 0; round < 10; round++) {
      const reports = await Promise.all(
        ['runner-a', 'runner-b'].map((workerId) =>
          runDueJobs(t.app.ctx, { workerId, now, gateway: h.gateway }),
        ),
      );
      if (reports.every((r) => r.claimed === 0)) return;
    }
  }

  async function capturedOnce(dareId: number) {
    const { db } = t.app.ctx;
    const rows = await db.select().from(pledges).where(eq(pledges.dareId, dareId));
    expect(rows.every((p) => p.status === 'captured')).toBe(true);
    const intents = await db
      .select()
      .from(gatewayPaymentIntents)
      .where(
        inArray(
          gatewayPaymentIntents.id,
          rows.map((p) => p.paymentIntentId!),
        ),
      );
    expect(intents.every((i) => i.status === 'succeeded' && i.amountCapturedCents === 1000)).toBe(
      true,
    );
    const captures = await db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.dareId, dareId), eq(ledgerEntries.kind, 'capture')));
    expect(captures).toHaveLength(2 * rows.length); // one double-entry pair per pledge
  }

  it('20 concurrent approvals of 25 pledgers resolve it exactly once', async () => {
    const { taker, dare, voters } = await activeDareWithPledgers(t, h, 25);
    const proof = await proveOverHttp(t, taker.cookie, dare.id);
    const answers = await Promise.all(
      voters.slice(0, 20).map((voter) => postVote(t.app, voter.cookie, proof.id, true)),
    );
    const codes = answers.map((a) => a.statusCode);
    // The 13th approval is a strict majority of 25: it resolves, later ones find it closed.
    expect(codes.filter((c) => c === 200)).toHaveLength(13);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    const resolvedBy = answers.filter(
      (a) => a.statusCode === 200 && a.json().submission.status === 'approved',
    );
    expect(resolvedBy).toHaveLength(1);
    const funding = await t.app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `funding:dare:${dare.id}`));
    expect(funding.map((j) => j.kind)).toEqual(['complete-dare-funding']);

    await drain(new Date(Date.now() + 1000));
    await capturedOnce(dare.id);
    expect((await checkLedgerIntegrity(t.app.ctx.db)).problems).toEqual([]);
  });

  it('two job runners at window end: every resolution and capture happens once', async () => {
    const setups = [];
    for (const ballots of [[true], [false, false, false, true, true, false], []]) {
      const setup = await activeDareWithPledgers(t, h, 7);
      const proof = await proveOverHttp(t, setup.taker.cookie, setup.dare.id);
      for (const [i, ballot] of ballots.entries()) {
        await postVote(t.app, setup.voters[i]!.cookie, proof.id, ballot);
      }
      setups.push({ ...setup, proof });
    }
    const later = new Date(Date.now() + 25 * HOUR_MS);
    await drain(later);

    const { db } = t.app.ctx;
    const rows = await db
      .select()
      .from(submissions)
      .where(
        inArray(
          submissions.id,
          setups.map((s) => s.proof.id),
        ),
      );
    expect(rows.map((r) => r.status).sort()).toEqual(['approved', 'approved', 'rejected']);
    expect(rows.every((r) => r.resolvedAt?.getTime() === later.getTime())).toBe(true);
    for (const { dare, proof } of setups) {
      const [after] = await db.select().from(dares).where(eq(dares.id, dare.id));
      const approved = rows.find((r) => r.id === proof.id)!.status === 'approved';
      expect(after!.status).toBe(approved ? 'completed' : 'active');
      if (approved) await capturedOnce(dare.id);
      const resolveJobs = await db
        .select()
        .from(jobs)
        .where(eq(jobs.dedupeKey, `resolve:submission:${proof.id}`));
      expect(resolveJobs.map((j) => j.status)).toEqual(['done']);
    }
    expect((await checkLedgerIntegrity(db)).problems).toEqual([]);
  });

  it('after a restart with the clock 25 h later, the first tick resolves waiting votes (even one whose job was lost)', async () => {
    const waiting = await activeDareWithPledgers(t, h, 5);
    const proof = await proveOverHttp(t, waiting.taker.cookie, waiting.dare.id);
    await postVote(t.app, waiting.voters[0]!.cookie, proof.id, false);
    const lost = await activeDareWithPledgers(t, h, 5);
    const lostProof = await proveOverHttp(t, lost.taker.cookie, lost.dare.id);
    await t.app.ctx.db
      .delete(jobs)
      .where(
        and(
          eq(jobs.kind, RESOLVE_SUBMISSION_JOB),
          eq(jobs.dedupeKey, `resolve:submission:${lostProof.id}`),
        ),
      );

    // 25.5 h: a periodic slot of its own (the test above already swept the 25 h one).
    const later = new Date(Date.now() + 25.5 * HOUR_MS);
    // One tick of a fresh runner, with the default periodic jobs (the sweep among them).
    await runDueJobs(t.app.ctx, { workerId: 'after-restart', now: later, gateway: h.gateway });
    const rows = await t.app.ctx.db
      .select()
      .from(submissions)
      .where(inArray(submissions.id, [proof.id, lostProof.id]));
    expect(rows.map((r) => r.status)).toEqual(['approved', 'approved']);
    for (const dareId of [waiting.dare.id, lost.dare.id]) {
      const [after] = await t.app.ctx.db.select().from(dares).where(eq(dares.id, dareId));
      expect(after!.status).toBe('completed');
    }
  });
});

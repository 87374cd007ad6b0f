import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES } from '@/contracts/account-deletion';
import { dares, pledges } from '@/server/db/schema';
import { runDueJobs } from '@/server/jobs/runner';
import { checkLedgerIntegrity } from '@/server/modules/funding/ledger-check';
import { deleteAccountRequest, heldIntentsOf } from '../support/account-deletion';
import { fundingGateway } from '../support/funded-pledges';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  activeDareWithPledgers,
  postProof,
  postVote,
  proveOverHttp,
  storedVideo,
} from '../support/votes';

/**
 * Issue 20 item 4: a delete racing a vote or a proof, on PGlite and Postgres. Whichever wins,
 * the other sees it (the deletion locks the account's dares before its user row, the order a
 * proof takes them), no hold stays on the deleted account, and the books balance.
 */
const MINUTE = 60 * 1000;
const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

/** The second request this much later: in the thick of the deletion, or after its claim. */
const DELAYS = [0, 60, 400];
const delayed = async <T>(ms: number, run: () => Promise<T>) => {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return run();
};

let t: TestApp;
let h: ReturnType<typeof fundingGateway>;
beforeAll(async () => {
  t = await createTestApp();
  h = fundingGateway(t);
});
afterAll(async () => {
  await t?.close();
});

/** What the job runner does next: the vote's settlement (capture or release). */
const settle = () =>
  runDueJobs(t.app.ctx, { workerId: 'test', now: later(1), gateway: h.gateway, periodic: [] });

const statusOf = async (dareId: number) =>
  (await t.app.ctx.db.select().from(dares).where(eq(dares.id, dareId)))[0]?.status;

describe('a delete racing the dare lifecycle', () => {
  it.each(DELAYS)(
    'a pledger deleting while voting (vote %i ms later): no hold left',
    async (delay) => {
      const { taker, dare, voters } = await activeDareWithPledgers(t, h, 1);
      const leaver = voters[0]!;
      const submission = await proveOverHttp(t, taker.cookie, dare.id);
      const [deleted, voted] = await Promise.all([
        deleteAccountRequest(t.app, leaver.cookie, leaver.password),
        delayed(delay, () => postVote(t.app, leaver.cookie, submission.id, true)),
      ]);
      expect([200, 409]).toContain(deleted.statusCode);
      await settle();
      if (deleted.statusCode === 409) {
        // The vote came first and completed the dare: the hold was the taker's money.
        expect(voted.statusCode).toBe(200);
        expect(deleted.json().message).toBe(ACCOUNT_DELETION_MESSAGES.pledgeCollecting);
        expect(await statusOf(dare.id)).toBe('completed');
        const again = await deleteAccountRequest(t.app, leaver.cookie, leaver.password);
        expect(again.statusCode).toBe(200);
      }
      const [pledge] = await t.app.ctx.db
        .select({ status: pledges.status })
        .from(pledges)
        .where(eq(pledges.userId, leaver.user.id));
      expect(['released', 'captured']).toContain(pledge?.status);
      expect(await heldIntentsOf(t.app.ctx.db, leaver.user.id)).toEqual([]);
      const report = await checkLedgerIntegrity(t.app.ctx.db, {
        gateway: h.gateway,
        now: later(2),
      });
      expect(report.problems).toEqual([]);
    },
  );

  it.each(DELAYS)('a taker deleting while proving (proof %i ms later): one wins', async (delay) => {
    const { taker, dare, voters } = await activeDareWithPledgers(t, h, 2);
    const videoUrl = await storedVideo(t, taker.user.id);
    const [deleted, proved] = await Promise.all([
      deleteAccountRequest(t.app, taker.cookie, taker.password),
      delayed(delay, () => postProof(t.app, taker.cookie, { dareId: dare.id, videoUrl })),
    ]);
    const won = [deleted.statusCode === 200, proved.statusCode === 201];
    expect(won.filter(Boolean), `${deleted.body} ${proved.body}`).toHaveLength(1);
    if (proved.statusCode === 201) {
      expect(deleted.statusCode).toBe(409);
      expect(await statusOf(dare.id)).toBe('verification');
    } else {
      expect(await statusOf(dare.id)).toBe('failed');
      for (const voter of voters) {
        expect(await heldIntentsOf(t.app.ctx.db, voter.user.id)).toEqual([]);
      }
    }
    const report = await checkLedgerIntegrity(t.app.ctx.db, { gateway: h.gateway, now: later(2) });
    expect(report.problems).toEqual([]);
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications } from '@/server/db/schema';
import { expireDares } from '@/server/modules/lifecycle/expire-dares';
import { createDare } from '../support/dares';
import { addFundedPledge, fundingGateway } from '../support/funded-pledges';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';
import { activeDareWithPledgers, postVote, proveOverHttp } from '../support/votes';

/**
 * Issue 11 item 8: a proof asks every pledger to vote, and the outcome (completed, proof
 * rejected, failed at the deadline) reaches the taker, the creator and every pledger once,
 * each with its email, in the transaction that caused it.
 */
const MONEY_KINDS = ['pledge_received', 'goal_reached', 'card_charged', 'hold_released'];

describe('notifications of proofs and outcomes', () => {
  let t: TestApp;
  let h: ReturnType<typeof fundingGateway>;
  beforeAll(async () => {
    t = await createTestApp();
    h = fundingGateway(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What the user was told of the dare's proof and outcome (pledge and money news left out). */
  const kindsOf = async (userId: number, dareId: number) =>
    (
      await t.app.ctx.db
        .select({ kind: notifications.kind, data: notifications.data })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.dareId, dareId)))
    )
      .filter((row) => !MONEY_KINDS.includes(row.kind))
      .map((row) => `${row.kind}:${(row.data as { role?: string }).role ?? ''}`);

  it('asks each pledger to vote, then tells everyone the dare was completed, once', async () => {
    const { taker, dare, voters } = await activeDareWithPledgers(t, h, 3);
    const proof = await proveOverHttp(t, taker.cookie, dare.id);
    for (const voter of voters) {
      expect(await kindsOf(voter.user.id, dare.id)).toEqual(['proof_submitted:']);
    }
    // The taker is never asked to vote on their own proof.
    expect(await kindsOf(taker.user.id, dare.id)).toEqual([]);

    for (const voter of voters.slice(0, 2)) {
      expect((await postVote(t.app, voter.cookie, proof.id, true)).statusCode).toBe(200);
    }
    // 2 of 3 is a strict majority: completed at once; the third vote is refused and tells nobody.
    expect((await postVote(t.app, voters[2]!.cookie, proof.id, true)).statusCode).toBe(409);
    expect(await kindsOf(taker.user.id, dare.id)).toEqual(['dare_completed:taker']);
    for (const voter of voters) {
      expect(await kindsOf(voter.user.id, dare.id)).toEqual([
        'proof_submitted:',
        'dare_completed:pledger',
      ]);
    }
    const emails = await t.app.ctx.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, taker.user.email));
    expect(emails.map((email) => email.subject)).toContain(
      `Your proof for "${dare.title}" was approved`,
    );
  });

  it('tells the taker and the pledgers that a proof was rejected while time is left', async () => {
    const { taker, dare, voters } = await activeDareWithPledgers(t, h, 5);
    const proof = await proveOverHttp(t, taker.cookie, dare.id);
    for (const voter of voters) {
      await postVote(t.app, voter.cookie, proof.id, false, 'Dare rules were not followed');
    }
    expect(await kindsOf(taker.user.id, dare.id)).toEqual(['proof_rejected:taker']);
    expect(await kindsOf(voters[4]!.user.id, dare.id)).toEqual([
      'proof_submitted:',
      'proof_rejected:pledger',
    ]);
  });

  it('tells the creator and each pledger once when a dare fails at its deadline', async () => {
    const creator = await registerUser(t.app);
    const pledger = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, {
      creatorId: creator.user.id,
      status: 'pending',
      targetAmountCents: 10_000,
    });
    await addFundedPledge(t, h, { userId: pledger.user.id, dareId: dare.id, amountCents: 1000 });
    const later = new Date(dare.expiresAt.getTime() + 60_000);
    // The job and the sweep racing: one of them fails the dare, and only it notifies.
    await Promise.all([expireDares(t.app.ctx, later, [dare.id]), expireDares(t.app.ctx, later)]);
    expect(await kindsOf(creator.user.id, dare.id)).toEqual(['dare_failed:taker']);
    expect(await kindsOf(pledger.user.id, dare.id)).toEqual(['dare_failed:pledger']);
  });
});

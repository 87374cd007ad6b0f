import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTO_HIDE_REPORTERS } from '@/contracts/limits';
import { DANGEROUS_REJECT_REASON } from '@/contracts/submission-values';
import { comments, dares, moderationCases, reports, users } from '@/server/db/schema';
import { createDare } from '../support/dares';
import { fundingGateway } from '../support/funded-pledges';
import {
  moderationApi,
  moderatorFactory,
  openCaseOf,
  setModerationState,
  verifiedUsers,
} from '../support/moderation';
import { postModerationAction } from '../support/moderation-actions';
import { reportableContent } from '../support/report-targets';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';
import { activeDareWithPledgers, postVote, proveOverHttp } from '../support/votes';

/**
 * Issue 21 item 2: every report opens or joins its target's one open case; reports from
 * AUTO_HIDE_REPORTERS distinct verified accounts hide the target once (under_review).
 */
let t: TestApp;
let api: ReturnType<typeof moderationApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = moderationApi(t.app);
});
afterAll(async () => {
  await t?.close();
});

const dareState = async (id: number) =>
  (await t.app.ctx.db.select().from(dares).where(eq(dares.id, id)))[0]!.moderationState;

describe('auto-hide', () => {
  it('hides a dare at the third verified reporter, not before', async () => {
    expect(AUTO_HIDE_REPORTERS).toBe(3);
    const owner = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, { creatorId: owner.user.id });
    const reporters = await verifiedUsers(t, 3);
    for (const [i, reporter] of reporters.entries()) {
      const filed = await api.report(reporter.cookie, { targetType: 'dare', targetId: dare.id });
      expect(filed.statusCode).toBe(201);
      const [open] = await openCaseOf(t.app.ctx.db, 'dare', dare.id);
      expect(open).toMatchObject({ ownerId: owner.user.id, screening: null });
      expect(open!.hiddenAt !== null, `after ${i + 1}`).toBe(i === 2);
      expect(await dareState(dare.id)).toBe(i === 2 ? 'under_review' : null);
    }
    expect(await openCaseOf(t.app.ctx.db, 'dare', dare.id)).toHaveLength(1);
  });

  it('does not hide at 3 unverified reporters, nor at 2 verified ones with repeats', async () => {
    const owner = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, { creatorId: owner.user.id });
    for (const reporter of await verifiedUsers(t, 3, false)) {
      expect(
        (await api.report(reporter.cookie, { targetType: 'dare', targetId: dare.id })).statusCode,
      ).toBe(201);
    }
    const two = await verifiedUsers(t, 2);
    for (const reporter of [...two, ...two]) {
      await api.report(reporter.cookie, { targetType: 'dare', targetId: dare.id, reason: 'spam' });
    }
    const [open] = await openCaseOf(t.app.ctx.db, 'dare', dare.id);
    expect(open!.hiddenAt).toBeNull();
    expect(await dareState(dare.id)).toBeNull();
    // The third verified one tips it.
    const [third] = await verifiedUsers(t, 1);
    await api.report(third!.cookie, { targetType: 'dare', targetId: dare.id });
    expect(await dareState(dare.id)).toBe('under_review');
  });

  it('hides each kind of target in its own table, and never un-removes one', async () => {
    const owner = await registerUser(t.app);
    const [a, b, c] = await verifiedUsers(t, 3);
    const content = await reportableContent(t, owner.user.id, a!.user.id);
    await setModerationState(t.app.ctx.db, 'comment', content.comment.id, 'removed');
    const targets = [
      ['submission', content.proof.id],
      ['comment', content.comment.id],
      ['user', owner.user.id],
    ] as const;
    for (const [targetType, targetId] of targets) {
      for (const reporter of [a!, b!, c!]) {
        expect((await api.report(reporter.cookie, { targetType, targetId })).statusCode).toBe(201);
      }
      const [open] = await openCaseOf(t.app.ctx.db, targetType, targetId);
      expect(open!.hiddenAt, targetType).not.toBeNull();
    }
    const db = t.app.ctx.db;
    const [comment] = await db.select().from(comments).where(eq(comments.id, content.comment.id));
    expect(comment!.moderationState).toBe('removed');
    const [user] = await db.select().from(users).where(eq(users.id, owner.user.id));
    expect(user!.moderationState).toBe('under_review');
  });

  it('twenty reports from twenty verified accounts at once hide once and queue once', async () => {
    const owner = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, { creatorId: owner.user.id });
    const reporters = await verifiedUsers(t, 20);
    const answers = await Promise.all(
      reporters.map((reporter) =>
        api.report(reporter.cookie, { targetType: 'dare', targetId: dare.id }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
    const cases = await t.app.ctx.db
      .select()
      .from(moderationCases)
      .where(and(eq(moderationCases.targetType, 'dare'), eq(moderationCases.targetId, dare.id)));
    expect(cases).toHaveLength(1);
    expect(cases[0]!.hiddenAt).not.toBeNull();
    expect(await dareState(dare.id)).toBe('under_review');
    const filed = await t.app.ctx.db.select().from(reports).where(eq(reports.targetId, dare.id));
    expect(filed.filter((row) => row.targetType === 'dare')).toHaveLength(20);
  });

  it('reports that hide a dare and a removal at the same moment never deadlock (no 5xx)', async () => {
    const moderator = await moderatorFactory(t);
    for (let round = 0; round < 3; round++) {
      const owner = await registerUser(t.app);
      const dare = await createDare(t.app.ctx.db, { creatorId: owner.user.id });
      const reporters = await verifiedUsers(t, 6);
      for (const early of reporters.slice(0, 2)) {
        await api.report(early.cookie, { targetType: 'dare', targetId: dare.id });
      }
      const answers = await Promise.all([
        ...reporters
          .slice(2)
          .map((reporter) =>
            api.report(reporter.cookie, { targetType: 'dare', targetId: dare.id }),
          ),
        postModerationAction(t, moderator.cookie, {
          action: 'remove',
          targetType: 'dare',
          targetId: dare.id,
          reason: 'Dangerous',
        }),
      ]);
      expect(answers.map((answer) => answer.statusCode).filter((code) => code >= 500)).toEqual([]);
      // Removed stays removed, whichever came first.
      expect(await dareState(dare.id)).toBe('removed');
    }
  });

  it("a reject vote for danger opens the proof's case through the same path", async () => {
    const { taker, dare, voters } = await activeDareWithPledgers(t, fundingGateway(t), 2);
    const proof = await proveOverHttp(t, taker.cookie, dare.id);
    const vote = await postVote(t.app, voters[0]!.cookie, proof.id, false, DANGEROUS_REJECT_REASON);
    expect(vote.statusCode).toBe(200);
    const [open] = await openCaseOf(t.app.ctx.db, 'submission', proof.id);
    expect(open).toMatchObject({ ownerId: taker.user.id, hiddenAt: null });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS_PER_HOUR } from '@/contracts/limits';
import { REPORT_MESSAGES } from '@/contracts/reports';
import { DANGEROUS_REJECT_REASON } from '@/contracts/submission-values';
import { reports } from '@/server/db/schema';
import { fundingGateway } from '../support/funded-pledges';
import { reportableContent } from '../support/report-targets';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';
import { activeDareWithPledgers, postVote, proveOverHttp } from '../support/votes';

/** Issue 21 item 1 on the server: POST /api/reports and its refusals. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const report = (cookie: string | undefined, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reports',
    payload,
    headers: cookie ? { cookie } : {},
  });

describe('reporting', () => {
  it('files one open report per reporter and target, for each kind of target', async () => {
    const owner = await registerUser(t.app);
    const reporter = await registerUser(t.app);
    const content = await reportableContent(t, owner.user.id, reporter.user.id);
    const targets = [
      ['dare', content.dare.id],
      ['submission', content.proof.id],
      ['comment', content.comment.id],
      ['user', owner.user.id],
      ['message', content.message.id],
    ] as const;
    for (const [targetType, targetId] of targets) {
      const first = await report(reporter.cookie, { targetType, targetId, reason: 'dangerous' });
      expect(first.statusCode, targetType).toBe(201);
      expect(first.json()).toMatchObject({ status: 'open' });
      // The same reporter and target again: the same report, not a second one.
      const again = await report(reporter.cookie, { targetType, targetId, reason: 'spam' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
    }
    const rows = await t.app.ctx.db
      .select()
      .from(reports)
      .where(eq(reports.reporterId, reporter.user.id));
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((row) => row.ownerId))).toEqual(new Set([owner.user.id]));
  });

  it('100 parallel identical reports make one', async () => {
    const owner = await registerUser(t.app);
    const reporter = await registerUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        report(reporter.cookie, { targetType: 'user', targetId: owner.user.id, reason: 'spam' }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(99);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
  });

  it("refuses one's own content (400), what one cannot see (404), bad input (400), anonymous (401)", async () => {
    const owner = await registerUser(t.app);
    const other = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const content = await reportableContent(t, owner.user.id, other.user.id);
    const own = await report(owner.cookie, {
      targetType: 'dare',
      targetId: content.dare.id,
      reason: 'other',
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(REPORT_MESSAGES.own);
    // Someone else's conversation: as if the message did not exist.
    const hidden = await report(stranger.cookie, {
      targetType: 'message',
      targetId: content.message.id,
      reason: 'harassment',
    });
    expect(hidden.statusCode).toBe(404);
    for (const targetId of [2 ** 31 - 1, 999_999]) {
      const missing = await report(stranger.cookie, {
        targetType: 'dare',
        targetId,
        reason: 'spam',
      });
      expect(missing.statusCode).toBe(404);
    }
    const past = await report(stranger.cookie, {
      targetType: 'dare',
      targetId: 2 ** 31,
      reason: 'spam',
    });
    expect(past.statusCode).toBe(400);
    const longDetails = await report(stranger.cookie, {
      targetType: 'dare',
      targetId: content.dare.id,
      reason: 'spam',
      details: 'x'.repeat(501),
    });
    expect(longDetails.statusCode).toBe(400);
    expect(longDetails.json().message).toBe(REPORT_MESSAGES.detailsTooLong);
    const badReason = await report(stranger.cookie, {
      targetType: 'dare',
      targetId: content.dare.id,
      reason: 'boring',
    });
    expect(badReason.statusCode).toBe(400);
    const nul = await report(stranger.cookie, {
      targetType: 'dare',
      targetId: content.dare.id,
      reason: 'other',
      details: 'a\u0000b',
    });
    expect(nul.statusCode).toBe(400);
    expect(
      (await report(undefined, { targetType: 'dare', targetId: 1, reason: 'spam' })).statusCode,
    ).toBe(401);
  });

  it(`allows ${REPORTS_PER_HOUR} new reports an hour per account, then 429`, async () => {
    const reporter = await registerUser(t.app);
    const targets = await Promise.all(
      Array.from({ length: REPORTS_PER_HOUR + 1 }, () => registerUser(t.app)),
    );
    for (const target of targets.slice(0, REPORTS_PER_HOUR)) {
      const filed = await report(reporter.cookie, {
        targetType: 'user',
        targetId: target.user.id,
        reason: 'spam',
      });
      expect(filed.statusCode).toBe(201);
    }
    const refused = await report(reporter.cookie, {
      targetType: 'user',
      targetId: targets.at(-1)!.user.id,
      reason: 'spam',
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('a reject vote for danger', () => {
  it("files one report on the proof, by the voter, with the reason 'dangerous'", async () => {
    const { taker, dare, voters } = await activeDareWithPledgers(t, fundingGateway(t), 3);
    const proof = await proveOverHttp(t, taker.cookie, dare.id);
    expect(
      (await postVote(t.app, voters[0]!.cookie, proof.id, false, DANGEROUS_REJECT_REASON))
        .statusCode,
    ).toBe(200);
    expect((await postVote(t.app, voters[1]!.cookie, proof.id, false)).statusCode).toBe(200);
    const filed = await t.app.ctx.db.select().from(reports).where(eq(reports.targetId, proof.id));
    expect(filed.filter((row) => row.targetType === 'submission')).toMatchObject([
      {
        reporterId: voters[0]!.user.id,
        ownerId: taker.user.id,
        reason: 'dangerous',
        status: 'open',
      },
    ]);
  });
});

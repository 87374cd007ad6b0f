import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACHIEVEMENT_CATEGORIES, parseRequirement } from '@/domain/achievements';
import { completeDareFunding } from '@/server/modules/funding/complete-funding';
import { releaseDareFunding } from '@/server/modules/funding/release-funding';
import { expireDares } from '@/server/modules/lifecycle/expire-dares';
import { achievementCalls } from '../support/achievements';
import { commentApi } from '../support/comments';
import { dareRequestCalls, requestBody } from '../support/dare-requests';
import { createDare } from '../support/dares';
import { addFundedPledge, addPayoutAccount, fundingGateway } from '../support/funded-pledges';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';
import { activeDareWithPledgers, postVote, proveOverHttp, storedVideo } from '../support/votes';

let t: TestApp;
let h: ReturnType<typeof fundingGateway>;
let api: ReturnType<typeof achievementCalls>;
beforeAll(async () => {
  t = await createTestApp();
  h = fundingGateway(t);
  api = achievementCalls(t.app);
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;

describe('GET /api/achievements', () => {
  it('is the seeded catalogue: at least 16 over the four categories, nothing unlocked', async () => {
    const list = await api.catalogue();
    expect(list.length).toBeGreaterThanOrEqual(16);
    expect(new Set(list.map((a) => a.category))).toEqual(new Set(ACHIEVEMENT_CATEGORIES));
    for (const a of list) {
      expect(parseRequirement(a.requirement)?.target).toBe(a.maxProgress);
      expect(a).toMatchObject({ progress: 0, isUnlocked: false, unlockedAt: null });
      expect(a.points).toBeGreaterThan(0);
    }
    expect(new Set(list.map((a) => a.rarity))).toEqual(
      new Set(['common', 'rare', 'epic', 'legendary']),
    );
    const names = list.map((a) => a.name);
    for (const name of ['first_dare', 'first_pledge', 'first_completed', 'five_completed']) {
      expect(names).toContain(name);
    }
    expect(list.find((a) => a.name === 'generous_backer')!.progressLabel).toBe('$0 / $100');
  });
});

describe('a first dare', () => {
  it('unlocks First Dare once, notifies, and moves Dare Maker to 1 / 5', async () => {
    const ann = await registerUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/dares',
      headers: { cookie: ann.cookie },
      payload: {
        title: 'Eat a lemon',
        description: 'A whole lemon, peel and all, in one minute.',
        targetAmount: 25,
        category: 'Food',
        contentRating: 'G',
        coverImage: null,
        pitchVideo: await storedVideo(t, ann.user.id, 'pitch'),
        expiresAt: new Date(Date.now() + 3 * DAY).toISOString(),
        dareType: 'self',
        isPublicChallenge: false,
      },
    });
    expect(response.statusCode).toBe(201);

    const mine = Object.fromEntries((await api.catalogue(ann.cookie)).map((a) => [a.name, a]));
    expect(mine.first_dare).toMatchObject({ isUnlocked: true, progress: 1, maxProgress: 1 });
    expect(Date.parse(mine.first_dare!.unlockedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect(mine.dare_maker).toMatchObject({ isUnlocked: false, progressLabel: '1 / 5' });
    expect(await api.unlockNotices(ann.user.id)).toEqual(['First Dare']);

    const notices = await t.app.inject({
      url: '/api/notifications',
      headers: { cookie: ann.cookie },
    });
    expect(notices.json().items[0]).toMatchObject({
      kind: 'achievement_unlocked',
      text: 'Achievement Unlocked! First Dare',
      href: '/achievements',
    });

    const stats = await api.stats(ann.user.id);
    expect(stats).toMatchObject({ totalPoints: 10, achievementsCount: 1 });
    expect(stats.recentAchievements.map((a) => a.name)).toEqual(['first_dare']);
    // Someone else's view of Ann says the same; the anonymous catalogue stays bare.
    expect((await api.byName(ann.user.id)).first_dare!.isUnlocked).toBe(true);
    expect((await api.catalogue()).every((a) => !a.isUnlocked)).toBe(true);
  });
});

describe('under 20 concurrent triggering events', () => {
  it('20 comments at once unlock Conversation Starter exactly once', async () => {
    const bo = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, { creatorId: bo.user.id });
    const comments = commentApi(t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => comments.post(dare.id, bo.cookie, { content: `#${i}` })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(await api.unlockNotices(bo.user.id)).toEqual(['Conversation Starter']);
    expect((await api.byName(bo.user.id)).first_comment!.isUnlocked).toBe(true);
  });

  it('20 dare requests at once: the count is exact and each unlock happens once', async () => {
    const cy = await registerUser(t.app);
    const targets = await Promise.all(Array.from({ length: 20 }, () => registerUser(t.app)));
    const requests = dareRequestCalls(t.app);
    const sent = await Promise.all(
      targets.map((to) => requests.send(cy.cookie, requestBody({ recipientId: to.user.id }))),
    );
    expect(sent.map((s) => s.statusCode)).toEqual(Array(20).fill(201));
    expect(await api.unlockNotices(cy.user.id)).toEqual(['Challenger']);

    // 20 recipients accept at once: each unlocks Game On and First Dare for themselves,
    // and the sender's Challenge Taken unlocks once.
    const accepted = await Promise.all(
      sent.map((s, i) => requests.answer(targets[i]!.cookie, s.json().id, 'accept')),
    );
    expect(accepted.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(await api.unlockNotices(cy.user.id)).toEqual(['Challenger', 'Challenge Taken']);
    const recipient = await api.byName(targets[7]!.user.id);
    expect(recipient.game_on!.isUnlocked).toBe(true);
    expect(recipient.first_dare!.isUnlocked).toBe(true);
  });
});

describe('money and outcomes', () => {
  it('pledges count by the dollar; a completed dare and its payout count for the taker', async () => {
    const { taker, dare, voters } = await activeDareWithPledgers(t, h, 1);
    const backer = voters[0]!;
    // activeDareWithPledgers pledged $10; $95 more on another dare makes $105.
    const other = await createDare(t.app.ctx.db, { creatorId: taker.user.id });
    await addFundedPledge(t, h, { userId: backer.user.id, dareId: other.id, amountCents: 9500 });
    let mine = await api.byName(backer.user.id);
    expect(mine.first_pledge!.isUnlocked).toBe(true);
    expect(mine.generous_backer!.isUnlocked).toBe(true);
    expect(mine.patron).toMatchObject({ isUnlocked: false, progressLabel: '$105 / $1,000' });
    expect(mine.super_backer!.progressLabel).toBe('2 / 10');

    await addFundedPledge(t, h, { userId: backer.user.id, dareId: dare.id, amountCents: 14_000 });
    const proof = await proveOverHttp(t, taker.cookie, dare.id);
    expect((await postVote(t.app, backer.cookie, proof.id, true)).statusCode).toBe(200);
    mine = await api.byName(backer.user.id);
    expect(mine.first_vote!.isUnlocked).toBe(true);

    // Earned, as on the profile, is what the completed dare raised ($150): it counts before
    // any payout account exists (issue 19 items 9 and 15).
    const takerBefore = await api.byName(taker.user.id);
    expect(takerBefore.first_proof!.isUnlocked).toBe(true);
    expect(takerBefore.first_completed!.isUnlocked).toBe(true);
    expect(takerBefore.five_completed!.progressLabel).toBe('1 / 5');
    expect(takerBefore.first_earnings!.isUnlocked).toBe(true);
    expect(takerBefore.high_earner!.progressLabel).toBe('$150 / $1,000');
    const me = (await t.app.inject({ url: '/api/user', headers: { cookie: taker.cookie } })).json();
    expect(me.stats).toMatchObject({ totalEarned: 150, totalPaidOut: 0 });

    await addPayoutAccount(t, h, taker.user.id, { verified: true });
    await completeDareFunding(t.app.ctx, dare.id, { gateway: h.gateway, now: h.now });
    const takerAfter = await api.byName(taker.user.id);
    expect(takerAfter.high_earner!.progressLabel).toBe('$150 / $1,000');
    expect(await api.unlockNotices(taker.user.id)).toEqual(
      expect.arrayContaining(['Proof Positive', 'Dare Devil', 'Paid Off']),
    );
    const stats = await api.stats(taker.user.id);
    // Proof Positive 10 + Dare Devil 25 + Paid Off 25.
    expect(stats).toMatchObject({ totalPoints: 60, achievementsCount: 3 });
  });
});

describe('what counts today (issue 19 item 15)', () => {
  it('a cancelled or released pledge no longer counts: progress equals the profile', async () => {
    const backer = await registerUser(t.app);
    const creator = await registerUser(t.app);
    const held = [];
    const funded = [];
    for (const amountCents of [1000, 1000, 500]) {
      const dare = await createDare(t.app.ctx.db, {
        creatorId: creator.user.id,
        status: 'pending',
      });
      funded.push(dare);
      held.push(
        await addFundedPledge(t, h, { userId: backer.user.id, dareId: dare.id, amountCents }),
      );
    }
    const progress = async () => {
      const mine = await api.byName(backer.user.id);
      const me = (
        await t.app.inject({ url: '/api/user', headers: { cookie: backer.cookie } })
      ).json();
      return {
        pledges: mine.super_backer!.progressLabel,
        pledged: mine.generous_backer!.progressLabel,
        profile: [me.stats.pledgeCount, me.stats.totalPledged],
      };
    };
    expect(await progress()).toEqual({
      pledges: '3 / 10',
      pledged: '$25 / $100',
      profile: [3, 25],
    });

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/pledges/${held[0]!.pledge.id}/cancel`,
      headers: { cookie: backer.cookie },
    });
    expect(cancelled.json().status).toBe('released');
    expect(await progress()).toEqual({
      pledges: '2 / 10',
      pledged: '$15 / $100',
      profile: [2, 15],
    });

    // A dare that failed at its deadline releases the hold: that pledge stops counting too.
    const failing = funded[2]!;
    await expireDares(t.app.ctx, new Date(failing.expiresAt.getTime() + 1000), [failing.id]);
    await releaseDareFunding(t.app.ctx, failing.id, { gateway: h.gateway, now: h.now });
    expect(await progress()).toEqual({
      pledges: '1 / 10',
      pledged: '$10 / $100',
      profile: [1, 10],
    });
  });
});

describe('refusals', () => {
  it('answers 404 for a user that does not exist and 400 for a bad id', async () => {
    for (const path of ['achievements', 'stats']) {
      const missing = await t.app.inject({ url: `/api/users/2147483647/${path}` });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'User not found' });
      expect((await t.app.inject({ url: `/api/users/abc/${path}` })).statusCode).toBe(400);
      expect((await t.app.inject({ url: `/api/users/0/${path}` })).statusCode).toBe(400);
    }
  });

  it('gives a user without history zero points and no recent unlocks', async () => {
    const dee = await registerUser(t.app);
    const stats = await api.stats(dee.user.id);
    expect(stats).toMatchObject({ totalPoints: 0, achievementsCount: 0, recentAchievements: [] });
    expect(stats.totalAchievements).toBe((await api.catalogue()).length);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Leaderboard } from '@/contracts/leaderboards';
import { achievements, payouts, pledges, userAchievements } from '@/server/db/schema';
import { createDare } from '../support/dares';
import { addUser } from '../support/funded-pledges';
import { addAuthorizedPledge } from '../support/pledges';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

async function board(query: string) {
  const response = await t.app.inject({ url: `/api/leaderboards?${query}` });
  expect(response.statusCode).toBe(200);
  const body = response.json() as Leaderboard;
  return body.entries.map((e) => [e.rank, e.user.username, e.value] as const);
}

describe('GET /api/leaderboards', () => {
  it('ranks backers, earners and points, all time and this week, with real numbers', async () => {
    const { db } = t.app.ctx;
    const [ann, bo, cy, dee] = [
      await addUser(t, 'ann'),
      await addUser(t, 'bo'),
      await addUser(t, 'cy'),
      await addUser(t, 'dee'),
    ];
    const dare = await createDare(db, { creatorId: dee.id, targetAmountCents: 100_000 });

    // Backers: live and captured pledges count; pending and released ones do not.
    await addAuthorizedPledge(db, { userId: ann.id, dareId: dare.id, amountCents: 3000 });
    await addAuthorizedPledge(db, {
      userId: ann.id,
      dareId: dare.id,
      amountCents: 2050,
      authorizedAt: daysAgo(10),
    });
    await addAuthorizedPledge(db, { userId: bo.id, dareId: dare.id, amountCents: 4000 });
    const captured = await addAuthorizedPledge(db, {
      userId: cy.id,
      dareId: dare.id,
      amountCents: 1000,
    });
    await db
      .update(pledges)
      .set({ status: 'captured', captured: true })
      .where(eq(pledges.id, captured.id));
    await db.insert(pledges).values([
      { userId: cy.id, dareId: dare.id, amountCents: 9000, status: 'pending' },
      {
        userId: dee.id,
        dareId: dare.id,
        amountCents: 9900,
        status: 'released',
        authorizedAt: daysAgo(1),
      },
    ]);
    const nameOf = (u: { username: string }) => u.username;
    expect(await board('board=backers&period=all')).toEqual([
      [1, nameOf(ann), 50.5],
      [2, nameOf(bo), 40],
      [3, nameOf(cy), 10],
    ]);
    expect(await board('board=backers&period=week')).toEqual([
      [1, nameOf(bo), 40],
      [2, nameOf(ann), 30],
      [3, nameOf(cy), 10],
    ]);

    // Earners: what was paid out; a payout still waiting for its account is not earned.
    const dares = await Promise.all([1, 2, 3].map(() => createDare(db, { creatorId: dee.id })));
    await db.insert(payouts).values([
      {
        dareId: dares[0]!.id,
        takerId: bo.id,
        amountCents: 9000,
        status: 'paid',
        paidAt: daysAgo(1),
      },
      {
        dareId: dares[1]!.id,
        takerId: cy.id,
        amountCents: 12_000,
        status: 'paid',
        paidAt: daysAgo(9),
      },
      { dareId: dares[2]!.id, takerId: ann.id, amountCents: 50_000, status: 'waiting_for_account' },
    ]);
    expect(await board('board=earners&period=all')).toEqual([
      [1, nameOf(cy), 120],
      [2, nameOf(bo), 90],
    ]);
    expect(await board('board=earners&period=week')).toEqual([[1, nameOf(bo), 90]]);

    // Points: unlocked achievements only; equal totals share a rank.
    const byName = Object.fromEntries(
      (await db.select().from(achievements)).map((a) => [a.name, a]),
    );
    const unlock = (userId: number, name: string, at: Date, isUnlocked = true) => ({
      userId,
      achievementId: byName[name]!.id,
      progress: 1,
      maxProgress: byName[name]!.maxProgress,
      isUnlocked,
      unlockedAt: isUnlocked ? at : null,
    });
    await db
      .insert(userAchievements)
      .values([
        unlock(ann.id, 'first_dare', daysAgo(0)),
        unlock(bo.id, 'first_dare', daysAgo(12)),
        unlock(bo.id, 'dare_maker', daysAgo(12)),
        unlock(cy.id, 'first_pledge', daysAgo(2)),
        unlock(dee.id, 'legend', daysAgo(1), false),
      ]);
    expect(await board('board=points&period=all')).toEqual([
      [1, nameOf(bo), 35],
      [2, nameOf(ann), 10],
      [2, nameOf(cy), 10],
    ]);
    expect(await board('board=points')).toEqual(await board('board=points&period=all'));
    expect(await board('board=points&period=week')).toEqual([
      [1, nameOf(ann), 10],
      [1, nameOf(cy), 10],
    ]);
  });

  it('refuses an unknown board or period', async () => {
    for (const query of ['', 'board=losers', 'board=points&period=year']) {
      const response = await t.app.inject({ url: `/api/leaderboards?${query}` });
      expect(response.statusCode).toBe(400);
    }
  });
});

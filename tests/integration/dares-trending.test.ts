import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dares, dareViews, pledges } from '@/server/db/schema';
import { setFeatured } from '@/server/modules/dares/featuring';
import { createDare } from '../support/dares';
import { addAuthorizedPledge } from '../support/pledges';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 60 * 60 * 1000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);
const trending = async (type: string) =>
  (await t.app.inject({ url: `/api/dares/trending?type=${type}` }))
    .json()
    .items.map((d: { title: string }) => d.title);

/** `count` views of a dare `hours` ago, counted on the dare as the view endpoint does. */
async function views(dareId: number, count: number, hours: number) {
  const createdAt = hoursAgo(hours);
  await t.app.ctx.db.insert(dareViews).values(
    Array.from({ length: count }, (_, i) => ({
      dareId,
      viewerKey: `v:${hours}:${i}`,
      day: createdAt.toISOString().slice(0, 10),
      createdAt,
    })),
  );
  await t.app.ctx.db
    .update(dares)
    .set({ viewCount: sql`${dares.viewCount} + ${count}` })
    .where(eq(dares.id, dareId));
}

describe('trending on a crafted data set', () => {
  it('orders hot, rising and popular each by its own definition, and differently', async () => {
    const db = t.app.ctx.db;
    const { user: creator } = await registerUser(t.app);
    const pledgers = await Promise.all(Array.from({ length: 5 }, () => registerUser(t.app)));
    const pledge = (i: number, dareId: number, dollars: number, hours: number) =>
      addAuthorizedPledge(db, {
        userId: pledgers[i]!.user.id,
        dareId,
        amountCents: dollars * 100,
        authorizedAt: hoursAgo(hours),
      });
    const dare = (title: string, ageHours: number) =>
      createDare(db, { creatorId: creator.id, title, createdAt: hoursAgo(ageHours) });

    // Scores with weights pledge 10, dollar 1, view 1 (src/domain/trending.ts).
    // Old giant, 20 days old: everything long ago. all-time 10 + 500 + 200 = 710; nothing today.
    const giant = await dare('Old giant', 20 * 24);
    const giantPledge = await pledge(0, giant.id, 500, 15 * 24);
    // Its hold was renewed an hour ago: a renewal is not a new pledge, so not hot.
    await db
      .update(pledges)
      .set({ authorizedAt: hoursAgo(1) })
      .where(eq(pledges.id, giantPledge.id));
    await views(giant.id, 200, 15 * 24);
    // Hot today, 10 days old (too old to rise): 3 pledges, $90 and 30 views in the last 24 h = 150.
    const hotToday = await dare('Hot today', 10 * 24);
    await pledge(1, hotToday.id, 30, 2);
    await pledge(2, hotToday.id, 30, 3);
    await pledge(3, hotToday.id, 30, 5);
    await views(hotToday.id, 30, 4);
    // Fresh, 3 hours old: 10 + 5 + 5 = 20 in its life; rising 20 / (3 + 2)^1.5 = 1.79.
    const fresh = await dare('Fresh', 3);
    await pledge(4, fresh.id, 5, 1);
    await views(fresh.id, 5, 2);
    // Week steady, 5 days old: 10 + 100 + 60 three days ago, 5 views today.
    // hot 5; all-time 175; rising 175 / 122^1.5 = 0.13.
    const steady = await dare('Week steady', 5 * 24);
    await pledge(0, steady.id, 100, 3 * 24);
    await views(steady.id, 60, 3 * 24);
    await views(steady.id, 5, 1);
    // Quiet, 1 day old: no activity at all, in no list.
    await dare('Quiet', 24);

    const hot = await trending('hot');
    const rising = await trending('rising');
    const popular = await trending('popular');
    expect(hot).toEqual(['Hot today', 'Fresh', 'Week steady']);
    expect(rising).toEqual(['Fresh', 'Week steady']);
    expect(popular).toEqual(['Old giant', 'Week steady', 'Hot today', 'Fresh']);
  });

  it('lists staff picks, newest pick first', async () => {
    const { user: creator } = await registerUser(t.app);
    const first = await createDare(t.app.ctx.db, { creatorId: creator.id, title: 'Pick one' });
    const second = await createDare(t.app.ctx.db, { creatorId: creator.id, title: 'Pick two' });
    expect(await trending('featured')).toEqual([]);
    await setFeatured(t.app.ctx, first.id, true);
    await setFeatured(t.app.ctx, second.id, true);
    expect(await trending('featured')).toEqual(['Pick two', 'Pick one']);
    await setFeatured(t.app.ctx, second.id, false);
    expect(await trending('featured')).toEqual(['Pick one']);
  });

  it('refuses an unknown type', async () => {
    const response = await t.app.inject({ url: '/api/dares/trending?type=cold' });
    expect(response.statusCode).toBe(400);
  });
});

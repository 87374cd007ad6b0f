import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dares, dareViews } from '@/server/db/schema';
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
const trending = async (type: string) =>
  (await t.app.inject({ url: `/api/dares/trending?type=${type}` }))
    .json()
    .items.map((d: { title: string }) => d.title);

async function views(dareId: number, count: number, hoursAgo: number) {
  const createdAt = new Date(Date.now() - hoursAgo * HOUR);
  const day = createdAt.toISOString().slice(0, 10);
  await t.app.ctx.db.insert(dareViews).values(
    Array.from({ length: count }, (_, i) => ({
      dareId,
      viewerKey: `v:${hoursAgo}:${i}`,
      day,
      createdAt,
    })),
  );
  await t.app.ctx.db.update(dares).set({ viewCount: count }).where(eq(dares.id, dareId));
}

describe('trending on a constructed data set', () => {
  it('orders hot, rising, popular and featured by their real activity', async () => {
    const db = t.app.ctx.db;
    const { user: creator } = await registerUser(t.app);
    const pledgers = await Promise.all(Array.from({ length: 4 }, () => registerUser(t.app)));
    const old = new Date(Date.now() - 10 * 24 * HOUR);
    const bigOld = await createDare(db, {
      creatorId: creator.id,
      title: 'Big old',
      createdAt: old,
    });
    const hotNow = await createDare(db, {
      creatorId: creator.id,
      title: 'Hot now',
      createdAt: old,
    });
    const riser = await createDare(db, { creatorId: creator.id, title: 'Riser', createdAt: old });
    const steady = await createDare(db, { creatorId: creator.id, title: 'Steady', createdAt: old });
    await createDare(db, { creatorId: creator.id, title: 'Quiet', createdAt: old });

    // Big old: lots of money, all of it long ago.
    await addAuthorizedPledge(db, {
      userId: pledgers[0]!.user.id,
      dareId: bigOld.id,
      amountCents: 50_000,
      authorizedAt: new Date(Date.now() - 5 * 24 * HOUR),
    });
    // Hot now: the most money pledged within the last 24 hours.
    await addAuthorizedPledge(db, {
      userId: pledgers[1]!.user.id,
      dareId: hotNow.id,
      amountCents: 9_000,
      authorizedAt: new Date(Date.now() - 2 * HOUR),
    });
    // Riser: a little activity now, none before.
    await addAuthorizedPledge(db, {
      userId: pledgers[2]!.user.id,
      dareId: riser.id,
      amountCents: 500,
      authorizedAt: new Date(Date.now() - HOUR),
    });
    await views(riser.id, 20, 3);
    // Steady: the same activity yesterday and today.
    await addAuthorizedPledge(db, {
      userId: pledgers[3]!.user.id,
      dareId: steady.id,
      amountCents: 500,
      authorizedAt: new Date(Date.now() - 30 * HOUR),
    });
    await addAuthorizedPledge(db, {
      userId: pledgers[2]!.user.id,
      dareId: steady.id,
      amountCents: 500,
      authorizedAt: new Date(Date.now() - 3 * HOUR),
    });

    const hot = await trending('hot');
    expect(hot[0]).toBe('Hot now');
    expect(hot).toEqual(expect.arrayContaining(['Riser', 'Steady']));
    expect(hot).not.toContain('Big old');
    const rising = await trending('rising');
    expect(rising[0]).toBe('Hot now');
    expect(rising.indexOf('Riser')).toBeLessThan(rising.indexOf('Steady'));
    expect(rising).not.toContain('Quiet');
    expect((await trending('popular'))[0]).toBe('Big old');
    expect(await trending('featured')).toEqual([]);
    await setFeatured(t.app.ctx, steady.id, true);
    await setFeatured(t.app.ctx, riser.id, true);
    expect(await trending('featured')).toEqual(['Riser', 'Steady']);
    await setFeatured(t.app.ctx, riser.id, false);
    expect(await trending('featured')).toEqual(['Steady']);
  });

  it('refuses an unknown type', async () => {
    const response = await t.app.inject({ url: '/api/dares/trending?type=cold' });
    expect(response.statusCode).toBe(400);
  });
});

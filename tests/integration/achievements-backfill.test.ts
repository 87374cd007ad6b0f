import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dares, follows, notifications, pledges, userAchievements } from '@/server/db/schema';
import {
  backfillAchievements,
  backfillAchievementsOnce,
} from '@/server/modules/achievements/backfill';
import {
  recordFollowProgress,
  recordProgress,
} from '@/server/modules/achievements/record-progress';
import { achievementCalls } from '../support/achievements';
import { createDare } from '../support/dares';
import { addUser } from '../support/funded-pledges';
import { addAuthorizedPledge } from '../support/pledges';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
let api: ReturnType<typeof achievementCalls>;
beforeAll(async () => {
  t = await createTestApp();
  api = achievementCalls(t.app);
});
afterAll(async () => {
  await t?.close();
});

const unlockedNames = async (userId: number) =>
  Object.values(await api.byName(userId))
    .filter((a) => a.isUnlocked)
    .map((a) => a.name)
    .sort();

describe('backfill from history', () => {
  it('gives existing users what their history earns, silently, and only once', async () => {
    const { db } = t.app.ctx;
    // History written before achievements existed: no recordProgress ran for any of it.
    const star = await addUser(t, 'star');
    const fans = await Promise.all(Array.from({ length: 10 }, () => addUser(t, 'fan')));
    await db.insert(follows).values(fans.map((f) => ({ followerId: f.id, followedId: star.id })));
    for (let i = 0; i < 6; i++) await createDare(db, { creatorId: star.id });
    await createDare(db, { creatorId: star.id, status: 'completed' });
    const dare = await createDare(db, { creatorId: fans[0]!.id });
    await addAuthorizedPledge(db, { userId: fans[1]!.id, dareId: dare.id, amountCents: 12_345 });

    expect(await backfillAchievementsOnce(db)).toBe(true);
    expect(await unlockedNames(star.id)).toEqual([
      'dare_maker',
      'first_completed',
      'first_dare',
      'rising_star',
    ]);
    const starView = await api.byName(star.id);
    expect(starView.dare_architect!.progressLabel).toBe('7 / 25');
    expect(starView.influencer!.progressLabel).toBe('10 / 100');
    expect(await unlockedNames(fans[1]!.id)).toEqual(['first_pledge', 'generous_backer']);
    expect((await api.byName(fans[1]!.id)).patron!.progressLabel).toBe('$123 / $1,000');
    expect((await api.stats(star.id)).totalPoints).toBe(10 + 25 + 25 + 25);
    // History is not news: no notification, no email.
    expect(await db.select().from(notifications)).toEqual([]);

    // Once per database: a second start does nothing; running the work again changes nothing.
    const before = await db.select().from(userAchievements).orderBy(userAchievements.id);
    expect(await backfillAchievementsOnce(db)).toBe(false);
    await backfillAchievements(db);
    expect(await db.select().from(userAchievements).orderBy(userAchievements.id)).toEqual(before);
  });

  it('sets progress counted the old way right: a pledge no longer live stops counting (issue 19 item 15)', async () => {
    const { db } = t.app.ctx;
    const backer = await addUser(t, 'backer');
    const gone = await addUser(t, 'gone');
    const dare = await createDare(db, { creatorId: (await addUser(t, 'maker')).id });
    const kept = await addAuthorizedPledge(db, {
      userId: backer.id,
      dareId: dare.id,
      amountCents: 1000,
    });
    const released = await addAuthorizedPledge(db, {
      userId: backer.id,
      dareId: dare.id,
      amountCents: 1000,
    });
    const alsoReleased = await addAuthorizedPledge(db, {
      userId: gone.id,
      dareId: dare.id,
      amountCents: 500,
    });
    await backfillAchievements(db);
    for (const pledge of [released, alsoReleased]) {
      await db.update(pledges).set({ status: 'released' }).where(eq(pledges.id, pledge.id));
    }
    expect(kept.status).toBe('authorized');
    // What the old rule (any pledge once held) left behind: 2 pledges, $20; and 1, $5.
    expect((await api.byName(backer.id)).super_backer!.progressLabel).toBe('2 / 10');

    await backfillAchievements(db);
    const backerView = await api.byName(backer.id);
    expect(backerView.super_backer!.progressLabel).toBe('1 / 10');
    expect(backerView.generous_backer!.progressLabel).toBe('$10 / $100');
    expect(backerView.first_pledge!.isUnlocked).toBe(true);
    const goneView = await api.byName(gone.id);
    expect(goneView.super_backer!.progressLabel).toBe('0 / 10');
    expect(goneView.generous_backer!.progressLabel).toBe('$0 / $100');
    // The unlock it earned then is kept.
    expect(goneView.first_pledge!.isUnlocked).toBe(true);
  });

  it('keeps an unlock when the history shrinks later, and a live event then goes on from there', async () => {
    const { db } = t.app.ctx;
    const lone = await addUser(t, 'lone');
    const dare = await createDare(db, { creatorId: lone.id });
    await backfillAchievements(db);
    await db.delete(dares).where(eq(dares.id, dare.id));
    await db.transaction((tx) => recordProgress(tx, t.config.publicUrl, lone.id, 'dares_created'));
    expect((await api.byName(lone.id)).first_dare!.isUnlocked).toBe(true);
    expect(await api.unlockNotices(lone.id)).toEqual([]);
  });
});

describe('exact counts under 20 concurrent events', () => {
  it('20 dares created at once: Dare Maker unlocks once and Dare Architect reads 20 / 25', async () => {
    const { db } = t.app.ctx;
    const maker = await addUser(t, 'maker');
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction(async (tx) => {
          await createDare(tx, { creatorId: maker.id });
          await recordProgress(tx, t.config.publicUrl, maker.id, 'dares_created');
        }),
      ),
    );
    const view = await api.byName(maker.id);
    expect(view.dare_architect!.progressLabel).toBe('20 / 25');
    expect(await api.unlockNotices(maker.id)).toEqual(['First Dare', 'Dare Maker']);
  });

  it('follows in both directions at once move followers and following without deadlock', async () => {
    const { db } = t.app.ctx;
    const people = await Promise.all(Array.from({ length: 11 }, () => addUser(t, 'p')));
    const pairs = people.flatMap((a) =>
      people.filter((b) => b.id !== a.id).map((b) => ({ followerId: a.id, followedId: b.id })),
    );
    await Promise.all(
      pairs.slice(0, 40).map((pair) =>
        db.transaction(async (tx) => {
          await tx.insert(follows).values(pair);
          await recordFollowProgress(tx, t.config.publicUrl, pair);
        }),
      ),
    );
    // people[0..3] followed 10 each in the first 40 pairs: Networker, told once each.
    for (const person of people.slice(0, 4)) {
      expect(await api.unlockNotices(person.id)).toEqual(['Networker']);
    }
    const followed = await api.byName(people[10]!.id);
    expect(followed.rising_star!.progressLabel).toBe('4 / 10');
  });
});

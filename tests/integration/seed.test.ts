import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dares, jobs, pledges, submissions, users } from '@/server/db/schema';
import { checkLedgerIntegrity } from '@/server/modules/funding/ledger-check';
import { DEMO_MODERATOR } from '@/server/seed/demo-moderator';
import { seedDemo, seedDemoIfEmpty } from '@/server/seed/seed';
import { createTestApp, type TestApp } from '../support/test-app';
import { sessionCookie } from '../support/users';
import { postVote, submissionsOf } from '../support/votes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  expect(await seedDemoIfEmpty(t.app.ctx)).toBe(true);
});
afterAll(async () => {
  await t.close();
});

describe('demo content', () => {
  it('has at least 8 dares in several statuses', async () => {
    const rows = await t.app.ctx.db.select().from(dares);
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const statuses = new Set(rows.map((row) => row.status));
    for (const status of ['pending', 'active', 'verification', 'completed'] as const) {
      expect(statuses).toContain(status);
    }
  });

  it('funds demo pledges through real card holds, captures and releases, with sound books', async () => {
    const rows = await t.app.ctx.db
      .select({ status: pledges.status, intent: pledges.paymentIntentId, dare: dares.status })
      .from(pledges)
      .innerJoin(dares, eq(dares.id, pledges.dareId));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.intent).toMatch(/^pi_/);
      const expected =
        row.dare === 'completed' ? 'captured' : row.dare === 'failed' ? 'released' : 'authorized';
      expect(row.status).toBe(expected);
    }
    const report = await checkLedgerIntegrity(t.app.ctx.db);
    expect(report.problems).toEqual([]);
    expect(report.escrowHeldCents).toBeGreaterThan(0);
  });

  it("keeps every dare's currentAmount equal to the sum of its live pledges", async () => {
    const rows = await t.app.ctx.db
      .select({
        id: dares.id,
        current: dares.currentAmountCents,
        count: dares.pledgeCount,
        live: sql<number>`coalesce((select sum(p.amount_cents) from pledges p where p.dare_id = dares.id and p.status in ('authorized','requires_action','captured')), 0)`,
        liveCount: sql<number>`(select count(*) from pledges p where p.dare_id = dares.id and p.status in ('authorized','requires_action','captured'))`,
      })
      .from(dares);
    for (const row of rows) {
      expect(Number(row.current)).toBe(Number(row.live));
      expect(Number(row.count)).toBe(Number(row.liveCount));
    }
  });

  it('keeps every follow counter equal to the follow rows (the profile counts)', async () => {
    const rows = await t.app.ctx.db
      .select({
        followers: users.followerCount,
        following: users.followingCount,
        followerRows: sql<number>`(select count(*) from follows f where f.followed_id = "users"."id")`,
        followingRows: sql<number>`(select count(*) from follows f where f.follower_id = "users"."id")`,
      })
      .from(users);
    expect(rows.some((row) => row.followers > 0)).toBe(true);
    for (const row of rows) {
      expect(row.followers).toBe(Number(row.followerRows));
      expect(row.following).toBe(Number(row.followingRows));
    }
  });

  it('serves every pitch video as a real H.264 MP4 and every cover as a JPEG', async () => {
    const rows = await t.app.ctx.db.select().from(dares);
    for (const row of rows) {
      const video = await t.app.inject({ url: row.pitchVideo! });
      expect(video.statusCode).toBe(200);
      expect(video.headers['content-type']).toBe('video/mp4');
      expect(video.rawPayload.includes(Buffer.from('avc1'))).toBe(true);
      // faststart: the index (moov) comes before the media data (mdat).
      expect(video.rawPayload.indexOf('moov')).toBeLessThan(video.rawPayload.indexOf('mdat'));
      const cover = await t.app.inject({ url: row.coverImage! });
      expect(cover.headers['content-type']).toBe('image/jpeg');
      // Every video has a poster to show until its first frame.
      const poster = await t.app.inject({ url: row.pitchPoster! });
      expect(poster.headers['content-type']).toBe('image/jpeg');
    }
    const proofs = await t.app.ctx.db.select().from(submissions);
    expect(proofs.length).toBeGreaterThan(0);
    for (const proof of proofs) {
      const poster = await t.app.inject({ url: proof.thumbnailUrl! });
      expect(poster.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('answers byte ranges the way Safari asks for them (206, bytes=0-1)', async () => {
    const [row] = await t.app.ctx.db.select().from(dares).limit(1);
    const whole = await t.app.inject({ url: row!.pitchVideo! });
    const size = whole.rawPayload.length;
    const first = await t.app.inject({ url: row!.pitchVideo!, headers: { range: 'bytes=0-1' } });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-1/${size}`);
    expect(first.rawPayload.equals(whole.rawPayload.subarray(0, 2))).toBe(true);
    const tail = await t.app.inject({ url: row!.pitchVideo!, headers: { range: 'bytes=100-' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(100))).toBe(true);
    const beyond = await t.app.inject({
      url: row!.pitchVideo!,
      headers: { range: `bytes=${size}-` },
    });
    expect(beyond.statusCode).toBe(416);
  });

  it('lets a demo user log in, and does not seed twice', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'maya', password: 'demo1234', rememberMe: true },
    });
    expect(login.statusCode).toBe(200);
    expect(await seedDemo(t.app.ctx)).toBe(false);
    expect(await seedDemoIfEmpty(t.app.ctx)).toBe(false);
    const maya = await t.app.ctx.db.select().from(users).where(eq(users.username, 'maya'));
    expect(maya).toHaveLength(1);
    const mine = await t.app.ctx.db
      .select()
      .from(dares)
      .where(inArray(dares.creatorId, [maya[0]!.id]));
    expect(mine.length).toBeGreaterThan(0);
  });

  it('has the demo moderator, and `npm run db:seed` adds it to a demo seeded before it existed', async () => {
    const moderator = () =>
      t.app.ctx.db.select().from(users).where(eq(users.email, DEMO_MODERATOR.email));
    expect(await moderator()).toMatchObject([{ role: 'moderator', emailVerified: true }]);
    await t.app.ctx.db.delete(users).where(eq(users.email, DEMO_MODERATOR.email));
    expect(await seedDemo(t.app.ctx)).toBe(false);
    expect(await moderator()).toMatchObject([{ role: 'moderator', emailVerified: true }]);
  });

  it('features two staff picks and gives Hot, Rising and Popular different lists', async () => {
    const titles = async (type: string) =>
      (await t.app.inject({ url: `/api/dares/trending?type=${type}` }))
        .json()
        .items.map((dare: { title: string }) => dare.title);
    const featured = await titles('featured');
    expect(featured).toHaveLength(2);
    const hot = await titles('hot');
    const rising = await titles('rising');
    const popular = await titles('popular');
    expect(hot.length).toBeGreaterThan(0);
    // Demo pledges carry their own times, so only the last day's dares are hot.
    expect(hot).not.toEqual(popular);
    expect(rising).not.toEqual(popular);
    expect(rising).not.toEqual(hot);
    // Seeding again (it refuses) leaves the picks as they were.
    expect(await seedDemo(t.app.ctx)).toBe(false);
    expect(await titles('featured')).toEqual(featured);
  });

  it('has a dare under vote with an open window, and one that completes on the next approval', async () => {
    const login = async (email: string) =>
      sessionCookie(
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email, password: 'demo1234' },
        }),
      );
    const dareOf = async (title: string) =>
      (await t.app.ctx.db.select().from(dares).where(eq(dares.title, title)))[0]!;

    const charity = await dareOf('Charity 10K Run');
    const [open] = await submissionsOf(t.app, charity.id, await login('kai@demo.darefund.example'));
    expect(open).toMatchObject({ status: 'pending', voteCount: 2, canVote: true, approvals: null });
    expect(new Date(open!.votingEndsAt).getTime()).toBeGreaterThan(Date.now() + 20 * 3600_000);
    const [job] = await t.app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `resolve:submission:${open!.id}`));
    expect(job?.runAt).toEqual(new Date(open!.votingEndsAt));

    const pushups = await dareOf('100 Push-ups');
    const [proof] = await submissionsOf(t.app, pushups.id);
    const vote = await postVote(t.app, await login('leo@demo.darefund.example'), proof!.id, true);
    expect(vote.json().submission).toMatchObject({ status: 'approved', approvals: 2 });
    expect((await dareOf('100 Push-ups')).status).toBe('completed');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '@/server/db/schema';
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
const get = async (url: string, cookie?: string) => {
  const response = await t.app.inject({ url, headers: cookie ? { cookie } : {} });
  if (response.statusCode >= 500) throw new Error(`${url}: ${response.body}`);
  return { status: response.statusCode, body: response.json() };
};
const ids = (page: { items: Array<{ id: number }> }) => page.items.map((d) => d.id);

describe('feed display rules and filtering', () => {
  it('shows only dares with something real to play, and personal challenges only to their creator', async () => {
    const { user: creator, cookie: creatorCookie } = await registerUser(t.app);
    const db = t.app.ctx.db;
    const base = { creatorId: creator.id, createdAt: new Date(Date.now() - 10 * HOUR) };
    const playable = await createDare(db, base);
    const noPitch = await createDare(db, { ...base, pitchVideo: null });
    const invite = await createDare(db, {
      ...base,
      dareType: 'challenge',
      recipientType: 'email',
      takerId: null,
    });
    const publicChallenge = await createDare(db, {
      ...base,
      dareType: 'challenge',
      isPublicChallenge: true,
      recipientType: 'public',
      takerId: null,
    });
    const completedNoProof = await createDare(db, { ...base, status: 'completed' });
    const completed = await createDare(db, { ...base, status: 'completed' });
    await db.insert(submissions).values({
      dareId: completed.id,
      userId: creator.id,
      videoUrl: '/media/demo/proof.mp4',
      status: 'approved',
      votingEndsAt: new Date(),
    });
    const voting = await createDare(db, { ...base, status: 'verification' });
    await db.insert(submissions).values({
      dareId: voting.id,
      userId: creator.id,
      videoUrl: '/media/demo/proof.mp4',
      status: 'pending',
      votingEndsAt: new Date(Date.now() + 20 * HOUR),
    });
    const failed = await createDare(db, { ...base, status: 'failed' });

    const anonymous = ids((await get('/api/dares?limit=50')).body);
    expect(anonymous).toEqual(
      expect.arrayContaining([playable.id, publicChallenge.id, completed.id, voting.id]),
    );
    for (const hidden of [noPitch.id, invite.id, completedNoProof.id, failed.id]) {
      expect(anonymous).not.toContain(hidden);
    }
    const own = ids((await get('/api/dares?limit=50', creatorCookie)).body);
    expect(own).toContain(invite.id);

    const active = ids((await get('/api/dares?tab=active&limit=50')).body);
    expect(active).toContain(playable.id);
    expect(active).not.toContain(completed.id);
    expect(ids((await get('/api/dares?tab=watch&limit=50')).body)).toContain(completed.id);
    expect(ids((await get('/api/dares/public?limit=50')).body)).not.toContain(voting.id);

    const completedView = (await get(`/api/dares/${completed.id}`)).body;
    expect(completedView.submission).toMatchObject({
      status: 'approved',
      videoUrl: '/media/demo/proof.mp4',
      thumbnailUrl: null,
    });
    expect(Date.parse(completedView.submission.votingEndsAt)).not.toBeNaN();
    expect((await get(`/api/dares/${playable.id}`)).body.submission).toBeNull();

    // Detail pages show every dare, whatever the feed rules.
    expect((await get(`/api/dares/${failed.id}`)).status).toBe(200);
  });

  it('puts dares the viewer pledged to first, then newest first; My Votes lists pledged dares under vote', async () => {
    const { user: creator } = await registerUser(t.app);
    const { user: pledger, cookie } = await registerUser(t.app);
    const db = t.app.ctx.db;
    const old = await createDare(db, {
      creatorId: creator.id,
      createdAt: new Date(Date.now() - 30 * 24 * HOUR),
    });
    const fresh = await createDare(db, { creatorId: creator.id });
    await addAuthorizedPledge(db, { userId: pledger.id, dareId: old.id, amountCents: 500 });

    const feed = (await get('/api/dares?limit=50', cookie)).body;
    expect(ids(feed)[0]).toBe(old.id);
    expect(feed.items[0].hasUserPledged).toBe(true);
    expect(ids(feed).indexOf(fresh.id)).toBe(1);

    const voting = await createDare(db, { creatorId: creator.id, status: 'verification' });
    await db.insert(submissions).values({
      dareId: voting.id,
      userId: creator.id,
      videoUrl: '/media/demo/p.mp4',
      status: 'pending',
      votingEndsAt: new Date(Date.now() + HOUR),
    });
    expect(ids((await get('/api/dares?tab=votes', cookie)).body)).not.toContain(voting.id);
    await addAuthorizedPledge(db, { userId: pledger.id, dareId: voting.id, amountCents: 700 });
    expect(ids((await get('/api/dares?tab=votes', cookie)).body)).toEqual([voting.id]);
    expect(ids((await get('/api/dares?tab=votes')).body)).toEqual([]);
  });
});

describe('pagination', () => {
  it('walks every dare once, even while new dares are inserted between pages', async () => {
    const { user: creator } = await registerUser(t.app);
    const db = t.app.ctx.db;
    const sameInstant = new Date(Date.now() - 5 * HOUR);
    for (let i = 0; i < 7; i++)
      await createDare(db, { creatorId: creator.id, createdAt: sameInstant });
    const total = (await get('/api/dares?limit=50')).body.items.length;

    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { items: Array<{ id: number }>; nextCursor: string | null } = (
        await get(`/api/dares?limit=3${cursor ? `&cursor=${cursor}` : ''}`)
      ).body;
      seen.push(...ids(page));
      cursor = page.nextCursor;
      pages += 1;
      // A newer dare arrives while the user scrolls: it must not shift later pages.
      await createDare(db, { creatorId: creator.id });
    } while (cursor);
    expect(pages).toBeGreaterThan(2);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(total);
  });

  it('walks a signed-in feed once: the pledged dares first, across page ends, then the rest', async () => {
    const { user: creator } = await registerUser(t.app);
    const { user: pledger, cookie } = await registerUser(t.app);
    const db = t.app.ctx.db;
    const pledged: number[] = [];
    for (let i = 0; i < 3; i++) {
      const dare = await createDare(db, {
        creatorId: creator.id,
        createdAt: new Date(Date.now() - (10 + i) * HOUR),
      });
      await addAuthorizedPledge(db, { userId: pledger.id, dareId: dare.id, amountCents: 500 });
      pledged.push(dare.id);
    }
    for (let i = 0; i < 4; i++) await createDare(db, { creatorId: creator.id });
    const everything = ids((await get('/api/dares?limit=50', cookie)).body);

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: { items: Array<{ id: number }>; nextCursor: string | null } = (
        await get(`/api/dares?limit=2${cursor ? `&cursor=${cursor}` : ''}`, cookie)
      ).body;
      seen.push(...ids(page));
      cursor = page.nextCursor;
    } while (cursor);
    // Newest pledged first; the second page ends the pledged ones and starts the others.
    expect(seen.slice(0, 3)).toEqual(pledged);
    expect(seen).toEqual(everything);
    expect(new Set(seen).size).toBe(seen.length);
    // The anonymous feed has no pledged-first rank: the same dares, newest first.
    const anonymous = ids((await get('/api/dares?limit=50')).body);
    expect(new Set(anonymous)).toEqual(new Set(everything));
    expect(anonymous.indexOf(pledged[0]!)).toBeGreaterThan(anonymous.indexOf(everything[3]!));
  });

  it('refuses a forged cursor with 400', async () => {
    expect((await get('/api/dares?cursor=not-a-cursor')).status).toBe(400);
  });
});

describe('detail, pledges and user lists', () => {
  it('returns the read view with creator, sponsor and counts; 404 with the message for unknown ids', async () => {
    const { user: creator } = await registerUser(t.app, { displayName: 'Creator' });
    const { user: sponsor } = await registerUser(t.app, { displayName: 'Sponsor' });
    const dare = await createDare(t.app.ctx.db, {
      creatorId: creator.id,
      sponsoredBy: sponsor.id,
      targetAmountCents: 1234,
    });
    await addAuthorizedPledge(t.app.ctx.db, {
      userId: sponsor.id,
      dareId: dare.id,
      amountCents: 550,
    });
    const { status, body } = await get(`/api/dares/${dare.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      targetAmount: 12.34,
      currentAmount: 5.5,
      pledgeCount: 1,
      creator: { id: creator.id, displayName: 'Creator' },
      sponsor: { id: sponsor.id, displayName: 'Sponsor' },
      hasUserPledged: false,
      isLiked: false,
    });
    const pledgesList = (await get(`/api/dares/${dare.id}/pledges`)).body;
    expect(pledgesList).toEqual([
      expect.objectContaining({ amount: 5.5, user: expect.objectContaining({ id: sponsor.id }) }),
    ]);
    expect(await get('/api/dares/999999')).toEqual({
      status: 404,
      body: { message: 'Dare not found' },
    });
    expect((await get('/api/dares/999999/pledges')).status).toBe(404);
  });

  it("lists a user's dares, hiding challenges still waiting for their recipient from others", async () => {
    const { user: creator, cookie } = await registerUser(t.app);
    const mine = await createDare(t.app.ctx.db, { creatorId: creator.id });
    const invite = await createDare(t.app.ctx.db, {
      creatorId: creator.id,
      dareType: 'challenge',
      recipientType: 'phone',
      takerId: null,
    });
    expect(ids((await get(`/api/dares/user/${creator.id}`)).body)).toEqual([mine.id]);
    expect(ids((await get(`/api/dares/user/${creator.id}`, cookie)).body).sort()).toEqual(
      [mine.id, invite.id].sort(),
    );
  });

  it('renders share-preview tags into the page for /dares/{id}, escaped', async () => {
    const { user } = await registerUser(t.app);
    const dare = await createDare(t.app.ctx.db, {
      creatorId: user.id,
      title: 'Tom & "Jerry" <b>',
      description: 'Chase a cat around the block.',
      coverImage: '/media/demo/cover.jpg',
    });
    const page = await t.app.inject({ url: `/dares/${dare.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<meta property="og:title" content="Tom &#38; &#34;Jerry&#34; &#60;b&#62; · Darefund" />',
    );
    expect(page.body).toContain(
      '<meta property="og:description" content="Chase a cat around the block." />',
    );
    expect(page.body).toContain(
      '<meta property="og:image" content="http://localhost:3000/media/demo/cover.jpg" />',
    );
    expect(page.body).not.toContain('<b>');
    const missing = await t.app.inject({ url: '/dares/999999' });
    expect(missing.body).not.toContain('og:title');
  });

  it('lists saved dares only for their owner, most recently saved first', async () => {
    expect((await get('/api/dares/saved')).status).toBe(401);
    const { user, cookie } = await registerUser(t.app);
    const { cookie: otherCookie } = await registerUser(t.app);
    const first = await createDare(t.app.ctx.db, { creatorId: user.id });
    const second = await createDare(t.app.ctx.db, { creatorId: user.id });
    for (const dare of [second, first]) {
      const saved = await t.app.inject({
        method: 'POST',
        url: `/api/dares/${dare.id}/saves`,
        headers: { cookie },
      });
      expect(saved.statusCode).toBe(200);
    }
    const list = (await get('/api/dares/saved', cookie)).body;
    expect(ids(list)).toEqual([first.id, second.id]);
    expect(list.items.every((item: { isSaved: boolean }) => item.isSaved)).toBe(true);
    expect(ids((await get('/api/dares/saved', otherCookie)).body)).toEqual([]);
  });
});

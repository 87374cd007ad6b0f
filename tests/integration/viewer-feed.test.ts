import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedTab } from '@/contracts/dares';
import { dareLikes, dareSaves, pledges, submissions, userBlocks, users } from '@/server/db/schema';
import { feedPage } from '@/server/modules/dares/feed-queries';
import { toPage } from '@/server/modules/dares/service';
import { composedViewerFeedPage } from '@/server/modules/dares/viewer-feed';
import { HELD_IDS_MAX } from '@/server/modules/dares/viewer-feed-state';
import { createDare } from '../support/dares';
import { eventually } from '../support/eventually';
import { addAuthorizedPledge } from '../support/pledges';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/**
 * A signed-in feed page built from the shared pages and the viewer's state (decision 0028)
 * must be exactly the page the query returns for that viewer: same dares, order, flags and
 * cursors, on every page of every walk.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 60 * 60 * 1000;
type Page = { items: Array<{ id: number; isLiked: boolean; hasUserPledged: boolean }> };
type Query = { viewerId: number; mature: boolean; tab?: FeedTab; limit: number; cursor?: string };

const fromQuery = async (query: Query) =>
  JSON.parse(
    JSON.stringify(await toPage(t.app.ctx, await feedPage(t.app.ctx, query), query.viewerId)),
  );

async function composed(query: Query) {
  const json = await composedViewerFeedPage(t.app.ctx, query);
  return json === undefined ? undefined : JSON.parse(json);
}

/** Walks the feed by the query's cursors, comparing each page; returns the pages walked. */
async function expectSameWalk(base: Omit<Query, 'cursor'>) {
  let cursor: string | undefined;
  let pages = 0;
  do {
    const query = { ...base, cursor };
    const expected = await fromQuery(query);
    expect(await composed(query), JSON.stringify(query)).toEqual(expected);
    cursor = expected.nextCursor ?? undefined;
    pages += 1;
  } while (cursor);
  return pages;
}

async function addProof(dareId: number, userId: number, status: 'pending' | 'approved') {
  await t.app.ctx.db.insert(submissions).values({
    dareId,
    userId,
    videoUrl: '/media/demo/proof.mp4',
    status,
    votingEndsAt: new Date(Date.now() + HOUR),
  });
}

/**
 * Dares some viewers' lists leave out (issue 21), made between the others: R-rated ones, one
 * under review, and ones by people in a block with the viewer or suspended. Returns their ids,
 * R-rated first.
 */
async function listingCases(viewerId: number): Promise<number[]> {
  const db = t.app.ctx.db;
  const { user: creator } = await registerUser(t.app);
  const { user: blocked } = await registerUser(t.app);
  const { user: blocker } = await registerUser(t.app);
  const { user: suspended } = await registerUser(t.app);
  await db.insert(userBlocks).values([
    { blockerId: viewerId, blockedId: blocked.id },
    { blockerId: blocker.id, blockedId: viewerId },
  ]);
  await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
  const ids: number[] = [];
  const cases = [
    { creatorId: creator.id, contentRating: 'R' as const },
    { creatorId: creator.id, contentRating: 'R' as const, status: 'completed' as const },
    { creatorId: creator.id, contentRating: 'R' as const },
    { creatorId: creator.id, moderationState: 'under_review' as const },
    { creatorId: blocked.id },
    { creatorId: blocker.id },
    { creatorId: suspended.id },
  ];
  for (const [n, values] of cases.entries()) {
    const createdAt = new Date(Date.now() - (n * 4 + 1) * HOUR - 7);
    const dare = await createDare(db, { ...values, createdAt });
    if (values.status === 'completed') await addProof(dare.id, creator.id, 'approved');
    ids.push(dare.id);
  }
  return ids;
}

describe('signed-in feed pages from the shared pages', () => {
  it('equal the query page by page: every tab, page size, rank boundary and tie', async () => {
    const db = t.app.ctx.db;
    const { user: creator } = await registerUser(t.app);
    const { user: viewer } = await registerUser(t.app);
    const sameMoment = new Date(Date.now() - 5 * HOUR);
    const made: number[] = [];
    for (let i = 0; i < 30; i++) {
      const kind = i % 6;
      // Some share a timestamp (ties go by id), the others are a few microseconds to hours apart.
      const createdAt = i % 4 === 0 ? sameMoment : new Date(Date.now() - i * HOUR - (i % 3));
      const base = { creatorId: creator.id, createdAt };
      const dare =
        kind === 0
          ? await createDare(db, base)
          : kind === 1
            ? await createDare(db, { ...base, status: 'verification' })
            : kind === 2
              ? await createDare(db, { ...base, status: 'completed' })
              : kind === 3
                ? await createDare(db, {
                    ...base,
                    dareType: 'challenge',
                    isPublicChallenge: true,
                    recipientType: 'public',
                    takerId: null,
                    status: 'pending',
                  })
                : kind === 4
                  ? // Waits for its recipient: only its creator sees it.
                    await createDare(db, {
                      ...base,
                      dareType: 'challenge',
                      recipientType: 'email',
                      takerId: null,
                    })
                  : await createDare(db, { ...base, pitchVideo: null });
      if (kind === 1) await addProof(dare.id, creator.id, 'pending');
      if (kind === 2) await addProof(dare.id, creator.id, 'approved');
      made.push(dare.id);
    }
    // Live pledges (rank 1 and the flag) on dares in and out of the feed, and ones that no
    // longer count.
    for (const [n, id] of made.entries()) {
      if (n % 3 === 0)
        await addAuthorizedPledge(db, { userId: viewer.id, dareId: id, amountCents: 500 });
      if (n % 7 === 1) {
        await db
          .insert(pledges)
          .values({ userId: viewer.id, dareId: id, amountCents: 500, status: 'released' });
      }
      if (n % 5 === 2) await db.insert(dareLikes).values({ userId: viewer.id, dareId: id });
      if (n % 4 === 1) await db.insert(dareSaves).values({ userId: viewer.id, dareId: id });
    }
    // The viewer pledged twice to one dare: still one dare in rank 1.
    await addAuthorizedPledge(db, { userId: viewer.id, dareId: made[0]!, amountCents: 700 });
    // Issue 21: R-rated dares (one pledged), a hidden one, and dares of a blocked person, of
    // one who blocked the viewer and of a suspended one, between the others.
    const hiddenDares = await listingCases(viewer.id);
    for (const id of hiddenDares.slice(0, 2)) {
      await addAuthorizedPledge(db, { userId: viewer.id, dareId: id, amountCents: 500 });
    }

    const first = await composed({ viewerId: viewer.id, mature: false, limit: 50 });
    expect(first.items.filter((d: Page['items'][0]) => d.hasUserPledged).length).toBeGreaterThan(3);
    expect(first.items.some((d: Page['items'][0]) => d.isLiked)).toBe(true);

    const idsOf = (page: Page) => page.items.map((d) => d.id);
    const plain = idsOf(first);
    const withR = idsOf(await composed({ viewerId: viewer.id, mature: true, limit: 50 }));
    expect(plain.filter((id) => hiddenDares.includes(id))).toEqual([]);
    expect(withR.filter((id) => hiddenDares.includes(id)).sort()).toEqual(
      hiddenDares.slice(0, 3).sort(),
    );

    let pages = 0;
    for (const mature of [false, true]) {
      for (const tab of [undefined, 'active', 'watch'] as const) {
        for (const limit of [1, 2, 3, 5, 50]) {
          pages += await expectSameWalk({ viewerId: viewer.id, mature, tab, limit });
        }
      }
    }
    expect(pages).toBeGreaterThan(80);
  });

  it('are left to the query for My Votes, for a viewer who sees a dare nobody else does, and past the id cap', async () => {
    const db = t.app.ctx.db;
    const { user: creator, cookie } = await registerUser(t.app);
    await createDare(db, { creatorId: creator.id });
    expect(await composed({ viewerId: creator.id, mature: false, limit: 10 })).toBeDefined();
    expect(
      await composed({ viewerId: creator.id, mature: false, tab: 'votes', limit: 10 }),
    ).toBeUndefined();

    // A challenge of theirs still waiting for its recipient is in their feed only.
    const waiting = await createDare(db, {
      creatorId: creator.id,
      dareType: 'challenge',
      recipientType: 'email',
      takerId: null,
    });
    t.app.ctx.caches.viewerFeeds.invalidate();
    expect(await composed({ viewerId: creator.id, mature: false, limit: 10 })).toBeUndefined();
    const own = await t.app.inject({ url: '/api/dares?limit=10', headers: { cookie } });
    expect(own.json().items.map((d: { id: number }) => d.id)).toContain(waiting.id);

    const { user: liker } = await registerUser(t.app);
    await db.execute(sql`
      WITH made AS (
        INSERT INTO dares (creator_id, taker_id, title, description, target_amount_cents, status,
          category, pitch_video, expires_at)
        SELECT ${creator.id}, ${creator.id}, 'Bulk ' || n, 'Bulk dare', 5000, 'active', 'Social',
          '/media/demo/x.mp4', now() + interval '7 days'
        FROM generate_series(1, ${HELD_IDS_MAX + 1}) n
        RETURNING id
      )
      INSERT INTO dare_likes (dare_id, user_id) SELECT id, ${liker.id} FROM made`);
    t.app.ctx.caches.viewerFeeds.invalidate();
    expect(await composed({ viewerId: liker.id, mature: false, limit: 10 })).toBeUndefined();
    const page = await fromQuery({ viewerId: liker.id, mature: false, limit: 10 });
    expect(page.items.every((d: Page['items'][0]) => d.isLiked)).toBe(true);
  });

  it("show the viewer's own like at once, and a pledge made elsewhere as soon as it commits", async () => {
    const db = t.app.ctx.db;
    const { user: creator } = await registerUser(t.app);
    const { user: viewer, cookie } = await registerUser(t.app);
    const older = await createDare(db, {
      creatorId: creator.id,
      createdAt: new Date(Date.now() - HOUR),
    });
    const newest = await createDare(db, { creatorId: creator.id });
    const feed = async (): Promise<Page> =>
      (await t.app.inject({ url: '/api/dares?limit=50', headers: { cookie } })).json();

    expect((await feed()).items[0]!.id).toBe(newest.id);
    const like = await t.app.inject({
      method: 'POST',
      url: `/api/dares/${newest.id}/likes`,
      headers: { cookie },
    });
    expect(like.statusCode).toBe(200);
    expect((await feed()).items[0]).toMatchObject({ id: newest.id, isLiked: true });

    // Behind the app (another instance, a job): the NOTIFY of the pledges trigger drops it.
    await addAuthorizedPledge(db, { userId: viewer.id, dareId: older.id, amountCents: 500 });
    await eventually(async () => (await feed()).items[0]!.id === older.id);
    expect((await feed()).items[0]).toMatchObject({ id: older.id, hasUserPledged: true });
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '@/contracts/moderation';
import { dareSaves, submissions, users } from '@/server/db/schema';
import { anonymousFirstFeedPage } from '@/server/modules/dares/first-page';
import { firstScreenFor } from '@/server/modules/web-pages/initial-data';
import { EVERY_LIST, listableDare, listedIds, listsWith } from '../support/listings';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/** Issue 21 item 7: R-rated dares only for signed-in adults who turned on the setting. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const preferences = (payload: object, cookie?: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/account/preferences',
    payload,
    headers: cookie ? { cookie } : {},
  });

describe('PATCH /api/account/preferences', () => {
  it('turns R-rated dares on only with the 18+ confirmation, and off again', async () => {
    const { cookie, user } = await registerUser(t.app);
    expect(user.showMatureContent).toBe(false);
    expect((await preferences({ showMatureContent: true })).statusCode).toBe(401);

    for (const payload of [
      { showMatureContent: true },
      { showMatureContent: true, confirmAdult: false },
    ]) {
      const refused = await preferences(payload, cookie);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(MODERATION_MESSAGES.confirmAdult);
    }
    const [before] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(before!.showMatureContent).toBe(false);
    expect(before!.adultConfirmedAt).toBeNull();

    const on = await preferences({ showMatureContent: true, confirmAdult: true }, cookie);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toEqual({ showMatureContent: true });
    const me = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(me.json().showMatureContent).toBe(true);
    const [confirmed] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(confirmed!.adultConfirmedAt).toBeInstanceOf(Date);

    const off = await preferences({ showMatureContent: false }, cookie);
    expect(off.json()).toEqual({ showMatureContent: false });
    // The first confirmation is kept when it is turned on again.
    await preferences({ showMatureContent: true, confirmAdult: true }, cookie);
    const [again] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(again!.adultConfirmedAt).toEqual(confirmed!.adultConfirmedAt);

    expect((await preferences({ showMatureContent: 'yes' }, cookie)).statusCode).toBe(400);
  });
});

describe('R-rated dares in lists, details and previews', () => {
  it('leaves them out of every list for visitors and accounts without the setting', async () => {
    const db = t.app.ctx.db;
    const word = 'zephyrmature';
    const { user: creator, cookie: creatorCookie } = await registerUser(t.app);
    const rated = await listableDare(db, { creatorId: creator.id, word, contentRating: 'R' });
    const plain = await listableDare(db, { creatorId: creator.id, word });
    const proofRated = await listableDare(db, {
      creatorId: creator.id,
      word,
      contentRating: 'R',
      status: 'completed',
    });
    await db.insert(submissions).values({
      dareId: proofRated.id,
      userId: creator.id,
      videoUrl: '/media/demo/proof.mp4',
      status: 'approved',
      votingEndsAt: new Date(),
    });

    const { cookie: minorCookie, user: minor } = await registerUser(t.app);
    const { cookie: adultCookie, user: adult } = await registerUser(t.app);
    await preferences({ showMatureContent: true, confirmAdult: true }, adultCookie);
    for (const viewer of [minor, adult]) {
      await db.insert(dareSaves).values([
        { userId: viewer.id, dareId: rated.id },
        { userId: viewer.id, dareId: plain.id },
      ]);
    }

    const lists = { word, userId: creator.id };
    // Twice each: the second read is the shared cached page.
    for (let round = 0; round < 2; round++) {
      for (const cookie of [undefined, minorCookie]) {
        const seen = await listedIds(t.app, { ...lists, cookie });
        expect(listsWith(seen, rated.id), 'R-rated dare').toEqual([]);
        expect(listsWith(seen, proofRated.id), 'R-rated proof').toEqual([]);
        const expected = cookie ? [...EVERY_LIST, 'saved'] : EVERY_LIST;
        expect(listsWith(seen, plain.id).sort()).toEqual([...expected].sort());
      }
      const adultSees = await listedIds(t.app, { ...lists, cookie: adultCookie });
      expect(listsWith(adultSees, rated.id).sort()).toEqual([...EVERY_LIST, 'saved'].sort());
      expect(listsWith(adultSees, proofRated.id)).toContain('feed watch');
    }
    // The creator's own list keeps their R-rated dares whatever their setting.
    const own = await listedIds(t.app, { ...lists, cookie: creatorCookie });
    expect(own.user).toContain(rated.id);
    expect(own.feed).not.toContain(rated.id);
  });

  it('gates the detail and the share preview, and keeps them out of the first page', async () => {
    const db = t.app.ctx.db;
    const { user: creator, cookie: creatorCookie } = await registerUser(t.app);
    const description = 'Secret mature words';
    const dare = await listableDare(db, {
      creatorId: creator.id,
      word: 'gated',
      contentRating: 'R',
      description,
      coverImage: '/media/covers/secret-cover.jpg',
      pitchVideo: '/media/pitch/secret-pitch.mp4',
      pitchPoster: '/media/pitch/secret-poster.jpg',
    });
    const detail = async (cookie?: string) =>
      (
        await t.app.inject({ url: `/api/dares/${dare.id}`, headers: cookie ? { cookie } : {} })
      ).json();

    const { cookie: minorCookie } = await registerUser(t.app);
    const { cookie: adultCookie } = await registerUser(t.app);
    await preferences({ showMatureContent: true, confirmAdult: true }, adultCookie);
    for (const cookie of [undefined, minorCookie]) {
      expect(await detail(cookie)).toMatchObject({
        id: dare.id,
        title: dare.title,
        contentRating: 'R',
        matureGate: true,
        description: '',
        coverImage: null,
        pitchVideo: null,
        pitchPoster: null,
        submission: null,
      });
    }
    for (const cookie of [adultCookie, creatorCookie]) {
      expect(await detail(cookie)).toMatchObject({
        matureGate: false,
        description,
        pitchVideo: dare.pitchVideo,
      });
    }

    // The page of /dares/{id}: its Open Graph tags and its first-screen data.
    for (const cookie of [undefined, minorCookie]) {
      const page = (
        await t.app.inject({ url: `/dares/${dare.id}`, headers: cookie ? { cookie } : {} })
      ).body;
      expect(page).toContain(`<meta property="og:title"`);
      for (const secret of [description, 'secret-cover', 'secret-pitch', 'secret-poster']) {
        expect(page, secret).not.toContain(secret);
      }
      expect(page).not.toContain('og:image');
    }
    // What the HTML of / and /dares/{id} carry for a visitor (built into the page when the
    // web app is built): the shared first page without it, the dare gated.
    const plain = await listableDare(db, { creatorId: creator.id, word: 'gated' });
    const first = await anonymousFirstFeedPage(t.app.ctx);
    expect(first.items.map((item) => item.id)).toContain(plain.id);
    expect(first.items.map((item) => item.id)).not.toContain(dare.id);
    const screen = await firstScreenFor(t.app.ctx, `/dares/${dare.id}`, null, '127.0.0.1');
    expect(screen.data.dare).toMatchObject({ matureGate: true, pitchVideo: null, description: '' });
    expect(JSON.stringify(screen)).not.toContain('secret');
  });
});

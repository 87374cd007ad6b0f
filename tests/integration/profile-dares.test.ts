import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pledges } from '@/server/db/schema';
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

const titlesOf = async (userId: number, cookie?: string) =>
  (await t.app.inject({ url: `/api/dares/user/${userId}`, headers: cookie ? { cookie } : {} }))
    .json()
    .items.map((dare: { title: string }) => dare.title);

describe('a profile lists the dares its user took on', () => {
  it('shows an accepted public challenge on the taker’s dares, to them and to others', async () => {
    const { user: creator, cookie: creatorCookie } = await registerUser(t.app);
    const taker = await registerUser(t.app);
    const challenge = await createDare(t.app.ctx.db, {
      creatorId: creator.id,
      title: 'Juggle five balls',
      dareType: 'challenge',
      isPublicChallenge: true,
      recipientType: 'public',
      takerId: null,
    });
    await createDare(t.app.ctx.db, { creatorId: taker.user.id, title: 'My own dare' });
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/dares/${challenge.id}/accept`,
      headers: { cookie: taker.cookie },
    });
    expect(accepted.statusCode).toBe(200);

    expect(await titlesOf(taker.user.id, taker.cookie)).toEqual([
      'My own dare',
      'Juggle five balls',
    ]);
    expect(await titlesOf(taker.user.id)).toEqual(['My own dare', 'Juggle five balls']);
    // The creator keeps it among theirs too.
    expect(await titlesOf(creator.id, creatorCookie)).toEqual(['Juggle five balls']);
  });

  it('does not list an open public challenge on anyone but its creator', async () => {
    const { user: creator } = await registerUser(t.app);
    const other = await registerUser(t.app);
    await createDare(t.app.ctx.db, {
      creatorId: creator.id,
      title: 'Nobody yet',
      dareType: 'challenge',
      isPublicChallenge: true,
      recipientType: 'public',
      takerId: null,
    });
    expect(await titlesOf(other.user.id, other.cookie)).toEqual([]);
    expect(await titlesOf(creator.id)).toEqual(['Nobody yet']);
  });
});

describe('GET /api/pledges/user for the Pledged tab', () => {
  it('answers each pledge with its dare’s title, status and pictures, newest first', async () => {
    const { user: creator } = await registerUser(t.app);
    const pledger = await registerUser(t.app);
    const covered = await createDare(t.app.ctx.db, {
      creatorId: creator.id,
      title: 'Covered dare',
      coverImage: '/media/images/cover.jpg',
      pitchPoster: '/media/posters/pitch.jpg',
    });
    const open = await createDare(t.app.ctx.db, { creatorId: creator.id, title: 'Open dare' });
    await addAuthorizedPledge(t.app.ctx.db, {
      userId: pledger.user.id,
      dareId: covered.id,
      amountCents: 1000,
      authorizedAt: new Date(Date.now() - 60_000),
    });
    // A pledge whose card payment was never finished.
    await t.app.ctx.db
      .insert(pledges)
      .values({ userId: pledger.user.id, dareId: open.id, amountCents: 700 });

    const response = await t.app.inject({
      url: '/api/pledges/user',
      headers: { cookie: pledger.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({
        amount: 7,
        status: 'pending',
        dare: {
          id: open.id,
          title: 'Open dare',
          status: 'active',
          coverImage: null,
          pitchPoster: null,
        },
      }),
      expect.objectContaining({
        amount: 10,
        status: 'authorized',
        dare: {
          id: covered.id,
          title: 'Covered dare',
          status: 'active',
          coverImage: '/media/images/cover.jpg',
          pitchPoster: '/media/posters/pitch.jpg',
        },
      }),
    ]);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ url: '/api/pledges/user' });
    expect(response.statusCode).toBe(401);
  });
});

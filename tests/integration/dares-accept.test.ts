import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDare, moveDeadline } from '../support/dares';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const accept = (id: number, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/dares/${id}/accept`,
    headers: cookie ? { cookie } : {},
  });

const publicChallenge = (creatorId: number) =>
  createDare(t.app.ctx.db, {
    creatorId,
    dareType: 'challenge',
    isPublicChallenge: true,
    recipientType: 'public',
    takerId: null,
  });

describe('POST /api/dares/{id}/accept', () => {
  it('makes the first taker of a public challenge its taker; nobody after', async () => {
    const { user: creator } = await registerUser(t.app);
    const first = await registerUser(t.app);
    const second = await registerUser(t.app);
    const dare = await publicChallenge(creator.id);
    const response = await accept(dare.id, first.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ acceptedBy: first.user.id, takerId: first.user.id });
    const late = await accept(dare.id, second.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'Someone has already accepted this dare' });
  });

  it('lets exactly one of many racing users win', async () => {
    const { user: creator } = await registerUser(t.app);
    const racers = await Promise.all(Array.from({ length: 8 }, () => registerUser(t.app)));
    const dare = await publicChallenge(creator.id);
    const results = await Promise.all(racers.map((racer) => accept(dare.id, racer.cookie)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
  });

  it('refuses the creator, non-public dares, closed dares, strangers and unknown ids', async () => {
    const { user: creator, cookie: creatorCookie } = await registerUser(t.app);
    const { cookie } = await registerUser(t.app);
    const dare = await publicChallenge(creator.id);
    expect((await accept(dare.id, creatorCookie)).statusCode).toBe(403);
    const selfDare = await createDare(t.app.ctx.db, { creatorId: creator.id });
    expect((await accept(selfDare.id, cookie)).statusCode).toBe(403);
    const challenge = await createDare(t.app.ctx.db, {
      creatorId: creator.id,
      dareType: 'challenge',
      isPublicChallenge: true,
      takerId: null,
    });
    const expired = await moveDeadline(t.app.ctx.db, challenge.id, new Date(Date.now() - 1000));
    expect((await accept(expired.id, cookie)).json()).toEqual({
      message: 'This dare is no longer open',
    });
    expect((await accept(dare.id)).statusCode).toBe(401);
    expect((await accept(999999, cookie)).statusCode).toBe(404);
  });
});

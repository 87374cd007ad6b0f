import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDare } from '../support/dares';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/**
 * DESIGN.md section 7, in the words a caller reads: text Postgres cannot store, ids outside
 * the integer range and cursors we did not write are 400s that say what is wrong.
 */
let t: TestApp;
let cookie: string;
let dareId: number;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await registerUser(t.app);
  cookie = owner.cookie;
  dareId = (await createDare(t.app.ctx.db, { creatorId: owner.user.id })).id;
});
afterAll(async () => {
  await t.close();
});

const INVALID_ID = { message: 'Invalid id: expected a positive whole number' };

describe('text fields', () => {
  it('refuse a NUL character or a lone surrogate by field name, and store nothing', async () => {
    const cases = [
      { url: '/api/login', payload: { email: 'a\u0000@b.co', password: 'x' }, field: 'Email' },
      {
        url: '/api/register',
        payload: {
          email: 'nul@example.com',
          displayName: 'Bad\u0000Name',
          password: 'secret-password',
          confirmPassword: 'secret-password',
        },
        field: 'Display name',
      },
      { url: `/api/dares/${dareId}/comments`, payload: { content: 'hi \ud800' }, field: 'Comment' },
      {
        url: '/api/payments/simulated/confirm',
        payload: { clientSecret: 'pi_1_secret_\u0000' },
        field: 'Client secret',
      },
    ];
    for (const { url, payload, field } of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { cookie },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        message: `${field} contains characters that are not allowed`,
      });
    }
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      payload: { bio: 'nice\u0000' },
      headers: { cookie },
    });
    expect(profile.json()).toEqual({ message: 'Bio contains characters that are not allowed' });
    const search = await t.app.inject({ url: '/api/users?q=%00', headers: { cookie } });
    expect(search.json()).toEqual({ message: 'Search contains characters that are not allowed' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nul@example.com', password: 'secret-password' },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('ids', () => {
  it('at or above 2^31, in the path, body or query, are a 400 in words', async () => {
    for (const url of [
      '/api/dares/2147483648',
      '/api/users/2147483648',
      '/api/dares/user/9007199254740992',
      `/api/dares/${dareId}/comments?before=2147483648`,
    ]) {
      const response = await t.app.inject({ url, headers: { cookie } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual(INVALID_ID);
    }
    for (const [url, payload] of [
      ['/api/pledges', { dareId: 2 ** 31, amount: 10 }],
      [`/api/dares/${dareId}/comments`, { content: 'hello', parentId: 2 ** 31 }],
    ] as const) {
      const response = await t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual(INVALID_ID);
    }
    // The largest id Postgres can hold is just not found.
    const largest = await t.app.inject({ url: '/api/dares/2147483647' });
    expect(largest.statusCode).toBe(404);
  });
});

describe('cursors', () => {
  it('that we did not write are a 400 that says what to do', async () => {
    const forged = (value: string) => Buffer.from(value).toString('base64url');
    for (const cursor of [
      'not-a-cursor',
      forged('[0,"2020-01-01T00:00:00Z",2147483648]'),
      forged('[0,"1",1]'),
      forged('[0,"2020-02-31T00:00:00Z",1]'),
      forged('[1e400,"2020-01-01T00:00:00Z",1]'),
    ]) {
      const response = await t.app.inject({ url: `/api/dares?cursor=${cursor}` });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json(), cursor).toEqual({
        message: 'Invalid cursor: use the nextCursor of the previous page',
      });
    }
  });
});

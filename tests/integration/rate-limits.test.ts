import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_CHALLENGES_PER_HOUR,
  FOLLOWS_PER_HOUR,
  REGISTRATIONS_PER_ADDRESS_PER_HOUR,
  SEARCHES_PER_MINUTE,
} from '@/contracts/limits';
import { challengePayload } from '../support/challenges';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser, uniqueEmail } from '../support/users';

/**
 * Issue 19 item 4: what a script could repeat to spam or to multiply per-account budgets
 * has a limit no real person meets, answered like every other limit (429, Retry-After,
 * 'Too many requests. Please try again in ...').
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

function expectLimited(response: Response) {
  expect(response.statusCode).toBe(429);
  expect(response.json().message).toMatch(/^Too many requests\. Please try again in \d+ \w+\.$/);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits no real person meets', () => {
  it('email and phone challenges: a creator sends at most EMAIL_CHALLENGES_PER_HOUR an hour', async () => {
    const { cookie } = await registerUser(t.app);
    const create = (type: 'email' | 'phone', contact: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/dares',
        headers: { cookie },
        payload: challengePayload(type, contact),
      });
    for (let i = 0; i < EMAIL_CHALLENGES_PER_HOUR; i += 1) {
      const response = await (i % 2
        ? create('phone', `+1 555 010 ${String(i).padStart(4, '0')}`)
        : create('email', `target${i}@example.com`));
      expect(response.statusCode, response.body).toBe(201);
    }
    expectLimited(await create('email', 'one.more@example.com'));
    expectLimited(await create('phone', '+1 555 010 9999'));
  });

  it('follows: at most FOLLOWS_PER_HOUR follow requests an hour per account', async () => {
    const fan = await registerUser(t.app);
    const idol = await registerUser(t.app);
    const follow = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/follows',
        headers: { cookie: fan.cookie },
        payload: { followedId: idol.user.id },
      });
    for (let i = 0; i < FOLLOWS_PER_HOUR; i += 1) expect((await follow()).statusCode).toBe(200);
    expectLimited(await follow());
  });

  it('GET /api/users?q= spends the same budget as /api/search', async () => {
    const { cookie } = await registerUser(t.app);
    const users = () => t.app.inject({ url: '/api/users?q=an', headers: { cookie } });
    const search = () => t.app.inject({ url: '/api/search?q=an&type=people', headers: { cookie } });
    for (let i = 0; i < SEARCHES_PER_MINUTE / 2; i += 1) {
      expect((await search()).statusCode).toBe(200);
      expect((await users()).statusCode).toBe(200);
    }
    expectLimited(await users());
    expectLimited(await search());
  });

  it('registration: at most REGISTRATIONS_PER_ADDRESS_PER_HOUR accounts an hour from one address', async () => {
    const register = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress,
        payload: { email: uniqueEmail('many'), password: 'secret1', confirmPassword: 'secret1' },
      });
    for (let i = 0; i < REGISTRATIONS_PER_ADDRESS_PER_HOUR; i += 1) {
      expect((await register('203.0.113.50')).statusCode).toBe(201);
    }
    expectLimited(await register('203.0.113.50'));
    // Someone else is not held up by it.
    expect((await register('203.0.113.51')).statusCode).toBe(201);
  });
});

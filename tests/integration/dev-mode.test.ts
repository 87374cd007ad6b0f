import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { sessionCookie } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
});
afterAll(async () => {
  await t.close();
});

describe('development mode', () => {
  it('signs in as the test account, creating it once', async () => {
    const first = await t.app.inject({ method: 'POST', url: '/api/dev/auto-login' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ email: 'test@darefund.local', username: 'testuser' });
    const me = await t.app.inject({ url: '/api/user', headers: { cookie: sessionCookie(first) } });
    expect(me.json().id).toBe(first.json().id);
    const again = await t.app.inject({ method: 'POST', url: '/api/dev/auto-login' });
    expect(again.json().id).toBe(first.json().id);
  });
});

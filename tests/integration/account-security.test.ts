import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSse } from '../support/sse';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser, sessionCookie, uniqueAddress } from '../support/users';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
});

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const LAPTOP =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/** The account signed in on one more browser: that browser's cookie. */
async function signInOn(user: { email: string; password: string }, userAgent: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: uniqueAddress(),
    headers: { 'user-agent': userAgent },
    payload: { email: user.email, password: user.password },
  });
  expect(response.statusCode).toBe(200);
  return sessionCookie(response);
}

const list = (cookie: string) =>
  t.app.inject({ url: '/api/account/sessions', headers: { cookie } });
const end = (cookie: string, id: number | string) =>
  t.app.inject({ method: 'DELETE', url: `/api/account/sessions/${id}`, headers: { cookie } });
const signedIn = async (cookie: string) =>
  (await t.app.inject({ url: '/api/user', headers: { cookie } })).statusCode === 200;

describe('the sessions list', () => {
  it("lists each browser with its device, when it signed in and was last used, and marks the caller's", async () => {
    const owner = await registerUser(t.app);
    const phone = await signInOn(owner, PHONE);
    await signInOn(owner, LAPTOP);
    const response = await list(phone);
    expect(response.statusCode).toBe(200);
    const items = response.json().items as Array<Record<string, unknown>>;
    expect(items).toHaveLength(3);
    expect(items.map((item) => item.device).sort()).toEqual([
      'Chrome on Android',
      'Safari on macOS',
      'Unknown browser on unknown system',
    ]);
    const current = items.filter((item) => item.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ device: 'Chrome on Android', browser: 'Chrome' });
    for (const item of items) {
      expect(Date.parse(String(item.createdAt))).not.toBeNaN();
      expect(Date.parse(String(item.lastUsedAt))).not.toBeNaN();
    }
    // Nobody else's sessions.
    const stranger = await registerUser(t.app);
    expect((await list(stranger.cookie)).json().items).toHaveLength(1);
  });

  it('needs a login', async () => {
    expect((await t.app.inject({ url: '/api/account/sessions' })).statusCode).toBe(401);
  });
});

describe('ending a session', () => {
  it('signs that browser out at once and closes its open live stream within a second', async () => {
    const owner = await registerUser(t.app);
    const phone = await signInOn(owner, PHONE);
    const stream = await openSse(`${base}/api/events`, { cookie: phone });
    expect(stream.status).toBe(200);
    const phoneId = (
      (await list(phone)).json().items as Array<{ id: number; current: boolean }>
    ).find((item) => item.current)!.id;

    const endedAt = Date.now();
    const response = await end(owner.cookie, phoneId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 1 });
    const outcome = await Promise.race([
      stream.ended.then(() => 'closed'),
      new Promise<string>((resolve) => setTimeout(() => resolve('still open after 1 s'), 1000)),
    ]);
    expect(outcome).toBe('closed');
    expect(Date.now() - endedAt).toBeLessThan(1000);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(owner.cookie)).toBe(true);
    // Already ended: the same 404 as a session that never was.
    expect((await end(owner.cookie, phoneId)).statusCode).toBe(404);
  });

  it("answers another account's session id, an unknown one and ids past 2^31 without touching them", async () => {
    const owner = await registerUser(t.app);
    const victim = await registerUser(t.app);
    const victimId = ((await list(victim.cookie)).json().items as Array<{ id: number }>)[0]!.id;
    const response = await end(owner.cookie, victimId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Session not found' });
    expect(await signedIn(victim.cookie)).toBe(true);
    expect((await end(owner.cookie, 2_000_000_000)).statusCode).toBe(404);
    for (const id of ['2147483648', '9007199254740993', '-1', 'abc', '1%00']) {
      expect((await end(owner.cookie, id)).statusCode, id).toBe(400);
    }
  });

  it('20 parallel ends of one session: exactly one ends it, the rest 404', async () => {
    const owner = await registerUser(t.app);
    const phone = await signInOn(owner, PHONE);
    const phoneId = (
      (await list(phone)).json().items as Array<{ id: number; current: boolean }>
    ).find((item) => item.current)!.id;
    const statuses = (
      await Promise.all(Array.from({ length: 20 }, () => end(owner.cookie, phoneId)))
    ).map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(19);
  });

  it("'sign out everywhere else' ends every other session and keeps the caller's", async () => {
    const owner = await registerUser(t.app);
    const phone = await signInOn(owner, PHONE);
    const laptop = await signInOn(owner, LAPTOP);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/sessions/revoke-others',
      headers: { cookie: phone },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ended: 2 });
    expect(await signedIn(phone)).toBe(true);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(owner.cookie)).toBe(false);
    expect((await list(phone)).json().items).toHaveLength(1);
  });
});

describe('changing the password', () => {
  const change = (cookie: string, body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { cookie },
      payload: body,
    });
  const login = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: uniqueAddress(),
      payload: { email, password },
    });

  it('takes the current password, ends every other session and keeps this one', async () => {
    const owner = await registerUser(t.app);
    const phone = await signInOn(owner, PHONE);
    const stream = await openSse(`${base}/api/events`, { cookie: phone });
    const response = await change(owner.cookie, {
      currentPassword: owner.password,
      newPassword: 'a-brand-new-secret',
      confirmPassword: 'a-brand-new-secret',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Password changed. Other devices were signed out.',
      endedSessions: 1,
    });
    await stream.ended;
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(owner.cookie)).toBe(true);
    expect((await login(owner.email, owner.password)).statusCode).toBe(401);
    expect((await login(owner.email, 'a-brand-new-secret')).statusCode).toBe(200);
  });

  it("refuses a wrong current password, the spec's password rules and a mismatch, changing nothing", async () => {
    const owner = await registerUser(t.app);
    const phone = await signInOn(owner, PHONE);
    const cases: Array<[Record<string, string>, string]> = [
      [
        { currentPassword: 'not-it', newPassword: 'long-enough', confirmPassword: 'long-enough' },
        'Current password is incorrect',
      ],
      [
        { currentPassword: owner.password, newPassword: 'short', confirmPassword: 'short' },
        'Password must be at least 6 characters',
      ],
      [
        {
          currentPassword: owner.password,
          newPassword: 'long-enough',
          confirmPassword: 'other-one',
        },
        "Passwords don't match",
      ],
      [
        { currentPassword: '', newPassword: 'long-enough', confirmPassword: 'long-enough' },
        'Please enter your current password',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await change(owner.cookie, body);
      expect(response.statusCode, message).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await signedIn(phone)).toBe(true);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('guessing the current password from a stolen session runs into the login throttle', async () => {
    const owner = await registerUser(t.app);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        change(owner.cookie, {
          currentPassword: `guess-${i}`,
          newPassword: 'attacker-choice',
          confirmPassword: 'attacker-choice',
        }),
      ),
    );
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(25);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser, sessionCookie, uniqueEmail } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('registration', () => {
  it('creates the account, signs the user in and derives a username from the email', async () => {
    const email = uniqueEmail('Jane.Doe');
    const response = await post('/api/register', {
      email: email.toUpperCase(),
      displayName: 'Jane',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user.email).toBe(email.toLowerCase());
    expect(user.displayName).toBe('Jane');
    expect(user.username).toMatch(/^jane\.doe/);
    expect(user).not.toHaveProperty('passwordHash');
    expect(user.session.rememberMe).toBe(true);

    const me = await t.app.inject({
      url: '/api/user',
      headers: { cookie: sessionCookie(response) },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
  });

  it('refuses a duplicate email, whatever its case', async () => {
    const { email } = await registerUser(t.app);
    const response = await post('/api/register', {
      email: email.toUpperCase(),
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'An account with this email already exists' });
  });

  it('gives two users with the same email prefix different usernames', async () => {
    const a = await registerUser(t.app, { email: `twin@a-${Date.now()}.com` });
    const b = await registerUser(t.app, { email: `twin@b-${Date.now()}.com` });
    expect(a.user.username).not.toBe(b.user.username);
  });

  it.each([
    [
      { email: 'not-an-email', password: 'secret1', confirmPassword: 'secret1' },
      'Please enter a valid email address',
    ],
    [
      { email: 'a@b.co', password: '123', confirmPassword: '123' },
      'Password must be at least 6 characters',
    ],
    [{ email: 'a@b.co', password: 'secret1', confirmPassword: 'secret2' }, "Passwords don't match"],
  ])('answers 400 with the spec message for %o', async (payload, message) => {
    const response = await post('/api/register', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});

describe('login', () => {
  it('accepts the email or the username, case-insensitively', async () => {
    const { email, password, user } = await registerUser(t.app);
    const byEmail = await post('/api/login', {
      email: email.toUpperCase(),
      password,
      rememberMe: true,
    });
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().id).toBe(user.id);
    const byUsername = await post('/api/login', {
      email: user.username,
      password,
      rememberMe: true,
    });
    expect(byUsername.statusCode).toBe(200);
    expect(byUsername.json().id).toBe(user.id);
  });

  it('gives the same answer for a wrong password and an unknown account', async () => {
    const { email } = await registerUser(t.app);
    const wrong = await post('/api/login', { email, password: 'wrong-password', rememberMe: true });
    const unknown = await post('/api/login', {
      email: uniqueEmail('nobody'),
      password: 'wrong-password',
      rememberMe: true,
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ message: 'Invalid email or password' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('remember me sets a 60-day cookie; otherwise a browser-session cookie', async () => {
    const { email, password } = await registerUser(t.app);
    const remembered = await post('/api/login', { email, password, rememberMe: true });
    const sid = (response: typeof remembered) =>
      response.cookies.find((cookie) => cookie.name === 'sid');
    const cookie = String(remembered.headers['set-cookie']);
    expect(sid(remembered)?.maxAge).toBe(5184000);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(remembered.json().session.maxAge).toBeGreaterThan(59 * 24 * 3600 * 1000);

    const browserSession = await post('/api/login', { email, password, rememberMe: false });
    expect(sid(browserSession)).toBeDefined();
    expect(sid(browserSession)?.maxAge).toBeUndefined();
    expect(sid(browserSession)?.expires).toBeUndefined();
    expect(browserSession.json().session.maxAge).toBeLessThanOrEqual(24 * 3600 * 1000);
    expect(browserSession.json().session.rememberMe).toBe(false);
  });

  it('slows down repeated failures for one account with 429, and the right password works after', async () => {
    const { email, password } = await registerUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await post('/api/login', {
        email,
        password: 'bad-password',
        rememberMe: true,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const throttled = await post('/api/login', { email, password, rememberMe: true });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toMatch(/Too many login attempts/);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // The block after five failures is short: the real user who waits as told gets in.
    const waitSeconds = Number(throttled.headers['retry-after']);
    expect(waitSeconds).toBeLessThanOrEqual(4);
    await new Promise((resolve) => setTimeout(resolve, waitSeconds * 1000 + 100));
    const later = await post('/api/login', { email, password, rememberMe: true });
    expect(later.statusCode).toBe(200);
  });
});

describe('session', () => {
  it('GET /api/user is 401 when logged out', async () => {
    const response = await t.app.inject({ url: '/api/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('message');
  });

  it('logout invalidates the session on the server, not only the cookie', async () => {
    const { cookie } = await registerUser(t.app);
    const logout = await post('/api/logout', {}, { cookie });
    expect(logout.statusCode).toBe(204);
    expect(String(logout.headers['set-cookie'])).toMatch(/sid=;/);
    const after = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(after.statusCode).toBe(401);
  });

  it('login rotates the session: the old token stops working', async () => {
    const { cookie, email, password } = await registerUser(t.app);
    const login = await post('/api/login', { email, password, rememberMe: true }, { cookie });
    expect(sessionCookie(login)).not.toBe(cookie);
    const old = await t.app.inject({ url: '/api/user', headers: { cookie } });
    expect(old.statusCode).toBe(401);
  });

  it('an idle-timed session lives on from its last use, and is refused once past its end', async () => {
    const account = await registerUser(t.app);
    const { user, email, password } = account;
    // Without 'remember me' (the login replaces the registration's session).
    const login = await post(
      '/api/login',
      { email, password, rememberMe: false },
      { cookie: account.cookie },
    );
    const cookie = sessionCookie(login);
    const db = t.app.ctx.db;
    const sessionOf = async () =>
      (
        (await db.execute(sql`SELECT extract(epoch FROM expires_at - now())::float8 AS left_s,
          extract(epoch FROM now() - last_seen_at)::float8 AS idle_s
          FROM sessions WHERE user_id = ${user.id}`)) as unknown as {
          rows: { left_s: number; idle_s: number }[];
        }
      ).rows[0]!;
    const getUser = () => t.app.inject({ url: '/api/user', headers: { cookie } });
    // Last used two hours ago: the next request is its new last use, and it ends a day after.
    await db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '2 hours',
      expires_at = now() + interval '22 hours' WHERE user_id = ${user.id}`);
    t.app.ctx.caches.sessions.invalidate();
    expect((await getUser()).statusCode).toBe(200);
    const touched = await sessionOf();
    expect(touched.idle_s).toBeLessThan(60);
    expect(touched.left_s).toBeGreaterThan(23.9 * 3600);

    await db.execute(
      sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = ${user.id}`,
    );
    t.app.ctx.caches.sessions.invalidate();
    expect((await getUser()).statusCode).toBe(401);
  });

  it('refuses a state-changing request from a foreign Origin', async () => {
    const { email, password } = await registerUser(t.app);
    const response = await post(
      '/api/login',
      { email, password, rememberMe: true },
      { origin: 'https://evil.example' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
    const sameSite = await post(
      '/api/login',
      { email, password, rememberMe: true },
      { origin: 'http://localhost:3000' },
    );
    expect(sameSite.statusCode).toBe(200);
  });
});

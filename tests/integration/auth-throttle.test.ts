import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser, uniqueAddress } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let addressCounter = 0;
/** Each test logs in from its own address so the per-address budget of one test does not leak. */
const nextAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;

const login = (email: string, password: string, remoteAddress: string, device?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password, rememberMe: true },
    remoteAddress,
    ...(device ? { cookies: { did: device } } : {}),
  });

/** The device cookie a response set (the `did` of device-cookie.ts), with its attributes. */
function deviceCookieOf(response: Awaited<ReturnType<typeof login>>) {
  return response.cookies.find((cookie) => cookie.name === 'did');
}

describe('login throttle', () => {
  it('100 parallel logins on one account: at most 5 are checked, the rest 429, the right password among them does not sign in', async () => {
    const { email, password } = await registerUser(t.app);
    const address = nextAddress();
    const attempts = Array.from({ length: 100 }, (_, i) =>
      login(email, i === 40 ? password : `wrong-password-${i}`, address),
    );
    const responses = await Promise.all(attempts);
    const statuses = responses.map((response) => response.statusCode);
    const checked = statuses.filter((status) => status !== 429);
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - checked.length);
    expect(statuses[40]).toBe(429);
    expect(statuses).not.toContain(200);
    const refused = responses.find((response) => response.statusCode === 429)!;
    expect(refused.json().message).toMatch(
      /^Too many login attempts\. Please try again in \d+ (second|minute)s?, or reset your password\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts the email and the username of one account together', async () => {
    const { email, password, user } = await registerUser(t.app);
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const identifier = i % 2 === 0 ? email : user.username.toUpperCase();
      statuses.push((await login(identifier, 'bad-password', address)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect((await login(user.username, password, address)).statusCode).toBe(429);
    expect((await login(email, password, address)).statusCode).toBe(429);
  });

  it('throttles an unknown identifier exactly like an account, so it cannot be probed', async () => {
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login('nobody-here@example.com', 'bad-password', address)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('a success gives the attempt back: the account starts over', async () => {
    const { email, password } = await registerUser(t.app);
    const address = nextAddress();
    for (let i = 0; i < 4; i++) await login(email, 'bad-password', address);
    expect((await login(email, password, address)).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await login(email, 'bad-password', address)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
  });

  it('successful logins from one address (an office, a NAT) never run into the address limit', async () => {
    const address = nextAddress();
    const users = await Promise.all([1, 2, 3].map(() => registerUser(t.app)));
    const statuses: number[] = [];
    for (let i = 0; i < 24; i++) {
      const { email, password } = users[i % users.length]!;
      statuses.push((await login(email, password, address)).statusCode);
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  it('a refused try doubles the wait, counted from the last password tried and capped', async () => {
    const { email, password } = await registerUser(t.app);
    const address = nextAddress();
    for (let i = 0; i < 5; i++) await login(email, 'bad-password', address);
    const waits: number[] = [];
    for (let i = 0; i < 3; i++)
      waits.push(Number((await login(email, password, address)).headers['retry-after']));
    // 2 s, 4 s, 8 s after the fifth password was tried (less the time the requests took).
    expect(waits[1]).toBeGreaterThan(waits[0]!);
    expect(waits[2]).toBeGreaterThan(waits[1]!);
    expect(waits[2]).toBeGreaterThanOrEqual(6);
    expect(waits[2]).toBeLessThanOrEqual(8);
  });
});

describe('device cookies: strangers cannot lock the owner out (OWASP)', () => {
  it("100 parallel guesses from 100 addresses are stopped, and the owner's browser still signs in", async () => {
    const { email, password } = await registerUser(t.app);
    const owner = deviceCookieOf(await login(email, password, nextAddress()))?.value;
    expect(owner).toBeTruthy();

    const guesses = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(email, `guess-${i}`, uniqueAddress())),
    );
    const statuses = guesses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    // Unknown devices share the account's counter: even the right password waits.
    expect((await login(email, password, uniqueAddress())).statusCode).toBe(429);

    const ownerLogin = await login(email, password, nextAddress(), owner);
    expect(ownerLogin.statusCode).toBe(200);
    // Signing in on the known device does not hand the strangers a fresh budget.
    expect((await login(email, 'one-more-guess', uniqueAddress())).statusCode).toBe(429);
  });

  it("a known device's failures count only against it", async () => {
    const { email, password } = await registerUser(t.app);
    const device = deviceCookieOf(await login(email, password, nextAddress()))?.value;
    const address = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await login(email, 'bad-password', address, device)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The account's own counter is untouched: another browser signs in at once.
    expect((await login(email, password, nextAddress())).statusCode).toBe(200);
  });

  it("another account's, a forged or an altered device cookie is an unknown device", async () => {
    const victim = await registerUser(t.app);
    const other = await registerUser(t.app);
    const othersDevice = deviceCookieOf(await login(other.email, other.password, nextAddress()))!;
    const [userId, deviceId] = othersDevice.value.split('.');
    const forged = `${victim.user.id}.${deviceId}.${othersDevice.value.split('.')[2]}`;
    for (const device of [othersDevice.value, forged, `${userId}.${deviceId}.x`, 'garbage']) {
      for (let i = 0; i < 5; i++)
        await login(victim.email, 'bad-password', uniqueAddress(), device);
    }
    // 20 failures on the account's shared counter: the right password from anywhere waits.
    const refused = await login(victim.email, victim.password, uniqueAddress(), othersDevice.value);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain('or reset your password');
  });

  it('is given at registration and login, sent only to the login route, and outlives sign-out', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: uniqueAddress(),
      payload: {
        email: 'device-cookie@example.com',
        password: 'secret-password',
        confirmPassword: 'secret-password',
      },
    });
    const cookie = deviceCookieOf(registered)!;
    expect(cookie).toMatchObject({ path: '/api/login', httpOnly: true, sameSite: 'Strict' });
    expect(cookie.maxAge).toBeGreaterThanOrEqual(300 * 24 * 60 * 60);
    const sid = registered.cookies.find((c) => c.name === 'sid')!.value;
    const logout = await t.app.inject({ method: 'POST', url: '/api/logout', cookies: { sid } });
    expect(logout.statusCode).toBe(204);
    expect(deviceCookieOf(logout)).toBeUndefined();
    // A known device keeps its id: the login does not set a new cookie.
    const again = await login(
      'device-cookie@example.com',
      'secret-password',
      nextAddress(),
      cookie.value,
    );
    expect(again.statusCode).toBe(200);
    expect(deviceCookieOf(again)).toBeUndefined();
  });
});

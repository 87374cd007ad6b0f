import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_SUBSCRIPTIONS_MAX } from '@/contracts/limits';
import { PUSH_MESSAGES } from '@/contracts/push';
import { pushSubscriptions, sessions } from '@/server/db/schema';
import { logInAgain } from '../support/account-deletion';
import { newPushSubscriber } from '../support/push-subscriber';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/**
 * Issue 22 item 5: the push subscription routes, on PGlite and (with DATABASE_URL) Postgres,
 * with the production address rules (PUSH_ALLOW_INSECURE_ENDPOINTS off).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const fcm = () => `https://fcm.googleapis.com/fcm/send/${randomBytes(16).toString('base64url')}`;
const post = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/push-subscriptions',
    headers: cookie ? { cookie } : {},
    payload: payload as object,
  });
const remove = (cookie: string | undefined, id: number | string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/push-subscriptions/${id}`,
    headers: cookie ? { cookie } : {},
  });
const rowsOf = (userId: number) =>
  t.app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('GET /api/push/vapid-public-key', () => {
  it('answers the configured public key to anyone: a 65-byte P-256 point', async () => {
    const response = await t.app.inject({ url: '/api/push/vapid-public-key' });
    expect(response.statusCode).toBe(200);
    const { publicKey } = response.json();
    expect(publicKey).toBe(t.config.push.vapid.publicKey);
    const bytes = Buffer.from(publicKey, 'base64url');
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
  });
});

describe('POST /api/push-subscriptions', () => {
  it('needs a login', async () => {
    const response = await post(undefined, newPushSubscriber().subscription(fcm()));
    expect(response.statusCode).toBe(401);
  });

  it('stores a browser subscription (201), and the same endpoint again is the same row (200)', async () => {
    const me = await registerUser(t.app);
    const endpoint = fcm();
    const first = await post(me.cookie, newPushSubscriber().subscription(endpoint));
    expect(first.statusCode).toBe(201);
    const { id } = first.json();
    expect(Number.isInteger(id)).toBe(true);

    // The browser re-subscribed with new keys: the row follows them.
    const renewed = newPushSubscriber().subscription(endpoint);
    const again = await post(me.cookie, renewed);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ id });
    const rows = await rowsOf(me.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      endpoint,
      p256dh: renewed.keys.p256dh,
      auth: renewed.keys.auth,
    });
  });

  it('moves an endpoint registered again by another account to that account', async () => {
    const first = await registerUser(t.app);
    const second = await registerUser(t.app);
    const endpoint = fcm();
    const { id } = (await post(first.cookie, newPushSubscriber().subscription(endpoint))).json();
    const moved = await post(second.cookie, newPushSubscriber().subscription(endpoint));
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ id });
    expect(await rowsOf(first.user.id)).toEqual([]);
    expect((await rowsOf(second.user.id)).map((row) => row.id)).toEqual([id]);
    expect((await remove(first.cookie, id)).statusCode).toBe(404);
  });

  const good = newPushSubscriber().subscription(fcm());
  /** A real key spelled in standard base64, with at least one '+' or '/' (not base64url). */
  const standardBase64Key = (): string => {
    const key = Buffer.from(newPushSubscriber().subscription('x').keys.p256dh, 'base64url');
    const text = key.toString('base64').replace(/=+$/, '');
    return /[+/]/.test(text) ? text : standardBase64Key();
  };
  const notOnCurve = Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url');
  it.each([
    ['no body', undefined, 'Invalid'],
    ['no endpoint', { keys: good.keys }, ''],
    ['an empty endpoint', { ...good, endpoint: '' }, PUSH_MESSAGES.malformedEndpoint],
    [
      'an endpoint that is no URL',
      { ...good, endpoint: 'not a url' },
      PUSH_MESSAGES.malformedEndpoint,
    ],
    ['an endpoint with a NUL', { ...good, endpoint: 'https://a\u0000b' }, ''],
    [
      'an endpoint with credentials',
      { ...good, endpoint: 'https://u:p@fcm.googleapis.com/x' },
      PUSH_MESSAGES.malformedEndpoint,
    ],
    [
      'an endpoint far too long',
      { ...good, endpoint: `https://fcm.googleapis.com/${'a'.repeat(3000)}` },
      PUSH_MESSAGES.malformedEndpoint,
    ],
    ['no keys', { endpoint: good.endpoint }, ''],
    [
      'a p256dh of 64 bytes',
      { ...good, keys: { ...good.keys, p256dh: randomBytes(64).toString('base64url') } },
      PUSH_MESSAGES.badP256dh,
    ],
    [
      'a p256dh not on the curve',
      { ...good, keys: { ...good.keys, p256dh: notOnCurve } },
      PUSH_MESSAGES.badP256dh,
    ],
    [
      'a p256dh in standard base64',
      {
        ...good,
        keys: {
          ...good.keys,
          p256dh: standardBase64Key(),
        },
      },
      PUSH_MESSAGES.badP256dh,
    ],
    ['a p256dh of numbers', { ...good, keys: { ...good.keys, p256dh: 12 } }, ''],
    [
      'an auth of 15 bytes',
      { ...good, keys: { ...good.keys, auth: randomBytes(15).toString('base64url') } },
      PUSH_MESSAGES.badAuth,
    ],
    [
      'an auth of 17 bytes',
      { ...good, keys: { ...good.keys, auth: randomBytes(17).toString('base64url') } },
      PUSH_MESSAGES.badAuth,
    ],
    [
      'an auth that is not base64url',
      { ...good, keys: { ...good.keys, auth: '!!!!!!!!!!!!!!!!!!!!!!' } },
      PUSH_MESSAGES.badAuth,
    ],
  ])('answers 400 for %s', async (_name, payload, message) => {
    const me = await registerUser(t.app);
    const response = await post(me.cookie, payload);
    expect(response.statusCode, response.body).toBe(400);
    if (message) expect(response.json().message).toContain(message);
    expect(await rowsOf(me.user.id)).toEqual([]);
  });

  it.each([
    ['plain http', 'http://fcm.googleapis.com/fcm/send/x', PUSH_MESSAGES.notHttps],
    ['localhost', 'https://localhost/push', PUSH_MESSAGES.privateAddress],
    ['loopback', 'https://127.0.0.1:8443/push', PUSH_MESSAGES.privateAddress],
    ['loopback as a number', 'https://2130706433/push', PUSH_MESSAGES.privateAddress],
    ['loopback in hex', 'https://0x7f000001/push', PUSH_MESSAGES.privateAddress],
    ["'0'", 'https://0/push', PUSH_MESSAGES.privateAddress],
    ['the cloud metadata address', 'https://169.254.169.254/latest', PUSH_MESSAGES.privateAddress],
    ['a private network', 'https://10.0.0.8/push', PUSH_MESSAGES.privateAddress],
    ['IPv6 loopback', 'https://[::1]/push', PUSH_MESSAGES.privateAddress],
    ['IPv4-mapped IPv6 loopback', 'https://[::ffff:127.0.0.1]/push', PUSH_MESSAGES.privateAddress],
    ['IPv6 link-local', 'https://[fe80::1]/push', PUSH_MESSAGES.privateAddress],
    ['IPv6 unique-local', 'https://[fd00::1]/push', PUSH_MESSAGES.privateAddress],
    ['multicast', 'https://224.0.0.1/push', PUSH_MESSAGES.privateAddress],
  ])(
    'refuses an endpoint on %s (400): the server is no request forwarder',
    async (_n, endpoint, message) => {
      const me = await registerUser(t.app);
      const response = await post(me.cookie, newPushSubscriber().subscription(endpoint));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
      expect(await rowsOf(me.user.id)).toEqual([]);
    },
  );

  it(`keeps at most ${PUSH_SUBSCRIPTIONS_MAX} per account, even from 100 registrations at once`, async () => {
    const me = await registerUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => post(me.cookie, newPushSubscriber().subscription(fcm()))),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);
    expect(statuses.filter((s) => s === 409)).toHaveLength(100 - PUSH_SUBSCRIPTIONS_MAX);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
      message: PUSH_MESSAGES.tooMany,
    });
    const rows = await rowsOf(me.user.id);
    expect(rows).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);

    // A device already counted registers again (new keys) without a free place.
    const again = await post(me.cookie, newPushSubscriber().subscription(rows[0]!.endpoint));
    expect(again.statusCode).toBe(200);
    // Turning one off frees its place.
    expect((await remove(me.cookie, rows[1]!.id)).statusCode).toBe(200);
    expect((await post(me.cookie, newPushSubscriber().subscription(fcm()))).statusCode).toBe(201);
    expect((await post(me.cookie, newPushSubscriber().subscription(fcm()))).statusCode).toBe(409);
  });
});

describe('DELETE /api/push-subscriptions/{id}', () => {
  it("deletes one's own; someone else's, a missing one and a bad id are refused", async () => {
    const me = await registerUser(t.app);
    const other = await registerUser(t.app);
    const mine = (await post(me.cookie, newPushSubscriber().subscription(fcm()))).json().id;
    const theirs = (await post(other.cookie, newPushSubscriber().subscription(fcm()))).json().id;

    expect((await remove(undefined, mine)).statusCode).toBe(401);
    const notMine = await remove(me.cookie, theirs);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toEqual({ message: PUSH_MESSAGES.notFound });
    expect(await rowsOf(other.user.id)).toHaveLength(1);

    const deleted = await remove(me.cookie, mine);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id: mine });
    expect(await rowsOf(me.user.id)).toEqual([]);
    expect((await remove(me.cookie, mine)).statusCode).toBe(404);

    for (const bad of ['2147483648', '99999999999', '0', '-1', 'abc', '1.5']) {
      expect((await remove(me.cookie, bad)).statusCode, bad).toBe(400);
    }
  });
});

describe('signing out', () => {
  it("deletes the subscriptions that browser's session registered, not another browser's", async () => {
    const me = await registerUser(t.app);
    const phone = await logInAgain(t.app, me.email, me.password);
    await post(me.cookie, newPushSubscriber().subscription(fcm()));
    const phoneEndpoint = fcm();
    await post(phone, newPushSubscriber().subscription(phoneEndpoint));
    expect(await rowsOf(me.user.id)).toHaveLength(2);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: me.cookie },
    });
    expect(out.statusCode).toBeLessThan(300);
    expect((await rowsOf(me.user.id)).map((row) => row.endpoint)).toEqual([phoneEndpoint]);
  });

  it('keeps the subscription of a session that merely expired: the device is still its owner’s', async () => {
    const me = await registerUser(t.app);
    await post(me.cookie, newPushSubscriber().subscription(fcm()));
    await t.app.ctx.db.delete(sessions).where(eq(sessions.userId, me.user.id));
    const rows = await rowsOf(me.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sessionId).toBeNull();
  });
});

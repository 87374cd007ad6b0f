import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser, sessionCookie, uniqueEmail } from '../support/users';

/** Every log line the app writes, in memory. */
const lines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(chunk.toString());
    done();
  },
});
const logText = () => lines.join('');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'debug' }, { logStream });
});
afterAll(async () => {
  await t?.close();
});

const CARD = '4000000000000002';

describe('logs never carry secrets', () => {
  it('a registration that fails in the database logs the failure without email, password or hash', async () => {
    // A forced database failure after the password was hashed: the insert carries both.
    await t.app.ctx.db.execute(
      sql.raw(
        `ALTER TABLE users ADD CONSTRAINT test_forced_failure CHECK (display_name IS DISTINCT FROM 'Forced Failure')`,
      ),
    );
    const email = uniqueEmail('secret.person');
    const password = 'Sup3r-Secret-Passw0rd';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email, password, confirmPassword: password, displayName: 'Forced Failure' },
    });
    expect(response.statusCode).toBe(500);
    const text = logText();
    expect(text).toContain('unhandled error');
    expect(text).toContain('test_forced_failure');
    expect(text).not.toContain(email);
    expect(text).not.toContain(password);
    expect(text).not.toContain('$argon2');
  });

  it('logins, sessions and card input leave no secrets in the log', async () => {
    const { email, password, cookie } = await registerUser(t.app);
    await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'Wrong-Passw0rd' },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
    });
    const token = sessionCookie(login).split('=')[1]!;
    await t.app.inject({ url: '/api/user', headers: { cookie: sessionCookie(login) } });
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/simulated/payment-methods',
      headers: { cookie },
      payload: {
        card: { number: CARD, expMonth: 12, expYear: 2030, cvc: '123' },
        billingDetails: { name: 'Ada' },
      },
    });
    const text = logText();
    expect(text).toContain('incoming request');
    for (const secret of [email, password, 'Wrong-Passw0rd', token, cookie.split('=')[1]!, CARD])
      expect(text).not.toContain(secret);
  });

  it('redacts password, hash, token, cookie, card and email fields at any depth of a log line', () => {
    const secrets = {
      email: 'deep.secret@example.com',
      password: 'pw-deep-secret',
      passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$abc',
      token: 'tok-deep-secret',
      cookie: 'sid=cookie-deep-secret',
      number: '4111111111111111',
      cvc: '987',
    };
    t.app.log.info(
      {
        user: { email: secrets.email, passwordHash: secrets.passwordHash },
        request: {
          body: { password: secrets.password, card: { number: secrets.number, cvc: secrets.cvc } },
        },
        headers: { cookie: secrets.cookie, 'set-cookie': [secrets.cookie] },
        session: { token: secrets.token },
      },
      'a line with secrets in it',
    );
    const line = lines.find((entry) => entry.includes('a line with secrets in it'))!;
    expect(line).toBeDefined();
    for (const secret of Object.values(secrets)) expect(line).not.toContain(secret);
    expect(line).toContain('[Redacted]');
  });
});

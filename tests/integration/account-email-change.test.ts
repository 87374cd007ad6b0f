import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@/contracts/account';
import { EMAIL_CHANGE_MESSAGES } from '@/contracts/account-security';
import { deliveredMail, linkTokenIn } from '../support/delivered-mail';
import { captureLogs } from '../support/log-capture';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { openSse } from '../support/sse';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  DELIVERABLE_DOMAIN,
  registerUser,
  sessionCookie,
  uniqueAddress,
  uniqueEmail,
} from '../support/users';

/**
 * Issue 20 item 3, change email: the new address takes effect only when the link sent to it
 * is opened (once), the old address is told, other sessions end, and a taken address is 409.
 */
let sink: SmtpSink;
let t: TestApp;
let base: string;
const logs = captureLogs();
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, LOG_LEVEL: 'debug' }, { logStream: logs.stream });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const address = (prefix: string) => uniqueEmail(prefix, DELIVERABLE_DOMAIN);
const post = (url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const askChange = (cookie: string, email: string, password = 'secret-password') =>
  post('/api/account/email', { email, password }, cookie);
const confirm = (token: string, cookie?: string) =>
  post('/api/account/email/confirm', { token }, cookie);
const me = (cookie: string) => t.app.inject({ url: '/api/user', headers: { cookie } });

const delivered = (to: string, subject: string) => deliveredMail(t, sink, to, subject);
const confirmToken = (mail: ReceivedMail) => linkTokenIn(mail, 'confirm-email');

async function signInElsewhere(email: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: uniqueAddress(),
    payload: { email, password: 'secret-password' },
  });
  expect(response.statusCode).toBe(200);
  return sessionCookie(response);
}

describe('changing the email address', () => {
  it('takes effect when the link to the new address is opened, once; the old address is told; other sessions end', async () => {
    const oldAddress = address('old');
    const owner = await registerUser(t.app, { email: oldAddress });
    const elsewhere = await signInElsewhere(oldAddress);
    const stream = await openSse(`${base}/api/events`, { cookie: elsewhere });
    const newAddress = address('new');

    const asked = await askChange(owner.cookie, newAddress.toUpperCase());
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(
      `We sent a link to ${newAddress}. Your email address changes when you open it.`,
    );
    // Until the link is opened the account keeps its address, and can still sign in with it.
    expect((await me(owner.cookie)).json().email).toBe(oldAddress);
    const mail = await delivered(newAddress, 'Confirm your new email address');
    const token = confirmToken(mail);

    const confirmed = await confirm(token, owner.cookie);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email: newAddress, emailVerified: true });
    expect((await me(owner.cookie)).json().email).toBe(newAddress);
    // The other browser is signed out, its live stream closed.
    expect((await me(elsewhere)).statusCode).toBe(401);
    const closed = await Promise.race([
      stream.ended.then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still open'), 1_000)),
    ]);
    expect(closed).toBe('closed');

    const notice = await delivered(oldAddress, EMAIL_CHANGE_MESSAGES.changed);
    expect(notice.text).toContain(`${newAddress.slice(0, 2)}•••@${DELIVERABLE_DOMAIN}`);
    expect(notice.text).not.toContain(newAddress);

    // Used once: the same link is refused, and sign-in uses the new address.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.invalidLink);
    await signInElsewhere(newAddress);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: uniqueAddress(),
      payload: { email: oldAddress, password: 'secret-password' },
    });
    expect(old.statusCode).toBe(401);
  });

  it('refuses an address already in use with 409, when asked and when it was taken meanwhile', async () => {
    const owner = await registerUser(t.app, { email: address('one') });
    const other = await registerUser(t.app, { email: address('two') });
    const taken = await askChange(owner.cookie, other.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('That email is already registered');

    const wanted = address('wanted');
    expect((await askChange(owner.cookie, wanted)).statusCode).toBe(202);
    const token = confirmToken(await delivered(wanted, 'Confirm your new email address'));
    await registerUser(t.app, { email: wanted });
    const late = await confirm(token, owner.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('That email is already registered');
    expect((await me(owner.cookie)).json().email).toBe(owner.email);
  });

  it('refuses a wrong password, the same address, and a link of another purpose', async () => {
    const owner = await registerUser(t.app, { email: address('pw') });
    const wrong = await askChange(owner.cookie, address('x'), 'not-my-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(EMAIL_CHANGE_MESSAGES.wrongPassword);
    const same = await askChange(owner.cookie, owner.email);
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(EMAIL_CHANGE_MESSAGES.unchanged);
    const bad = await askChange(owner.cookie, 'not an address');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address');

    // A reset link's token is not a change-of-address token.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      remoteAddress: uniqueAddress(),
      payload: { email: owner.email },
    });
    expect(reset.statusCode).toBe(202);
    const resetMail = await delivered(owner.email, 'Reset your password');
    const resetToken = /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(resetMail.text)![1]!;
    expect((await confirm(resetToken)).statusCode).toBe(400);
  });

  it('a newer request voids the older link; of 100 parallel uses of a link exactly one wins', async () => {
    const owner = await registerUser(t.app, { email: address('race') });
    const first = address('first');
    const second = address('second');
    expect((await askChange(owner.cookie, first)).statusCode).toBe(202);
    const firstToken = confirmToken(await delivered(first, 'Confirm your new email address'));
    expect((await askChange(owner.cookie, second)).statusCode).toBe(202);
    const secondToken = confirmToken(await delivered(second, 'Confirm your new email address'));
    expect((await confirm(firstToken)).statusCode).toBe(400);

    const answers = await Promise.all(
      Array.from({ length: 100 }, () => confirm(secondToken, owner.cookie)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(99);
    expect((await me(owner.cookie)).json().email).toBe(second);
  });

  it('sends at most 3 links an hour, then 429 with Retry-After', async () => {
    const owner = await registerUser(t.app, { email: address('limit') });
    for (let i = 0; i < 3; i++)
      expect((await askChange(owner.cookie, address(`l${i}`))).statusCode).toBe(202);
    const refused = await askChange(owner.cookie, address('l4'));
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('needs a session to ask', async () => {
    const anonymous = await post('/api/account/email', {
      email: address('anon'),
      password: 'x',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('logs', () => {
  it('carry no link token, address or password of these tests', () => {
    const log = logs.text();
    expect(log.length).toBeGreaterThan(1000);
    let tokens = 0;
    for (const mail of sink.messages) {
      expect(log).not.toContain(mail.envelopeTo[0]!);
      for (const [, token] of mail.text.matchAll(/\?token=([A-Za-z0-9_-]{43})\b/g)) {
        tokens += 1;
        expect(log).not.toContain(token);
      }
    }
    expect(tokens).toBeGreaterThan(3);
    expect(log).not.toContain('secret-password');
    expect(log).not.toContain('not-my-password');
  });
});

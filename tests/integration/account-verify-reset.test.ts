import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@/contracts/account';
import { accountTokens } from '@/server/db/schema';
import { drainOutbox } from '@/server/jobs/send-emails';
import { challengePayload } from '../support/challenges';
import { dareRequestCalls, requestBody } from '../support/dare-requests';
import { deliveredMail } from '../support/delivered-mail';
import { captureLogs } from '../support/log-capture';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { openSse } from '../support/sse';
import { createTestApp, type TestApp } from '../support/test-app';
import {
  accountLinkToken,
  DELIVERABLE_DOMAIN,
  registerUser,
  sessionCookie,
  uniqueAddress,
  uniqueEmail,
} from '../support/users';

/**
 * Issue 20 items 1 and 2 (decision 0039): the verification and reset emails reach a real
 * SMTP server, their links work once, and everything else about a token is refused.
 */
let sink: SmtpSink;
let t: TestApp;
let base: string;
/** Everything the app logs (debug level): no token or address may ever be in it. */
const logs = captureLogs();
/** Every token a link carried in these tests. */
const seenTokens = new Set<string>();
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, LOG_LEVEL: 'debug' }, { logStream: logs.stream });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const newcomer = (verified = false) =>
  registerUser(t.app, { email: uniqueEmail('acct', DELIVERABLE_DOMAIN), verified });

const delivered = (to: string, subject: string) => deliveredMail(t, sink, to, subject);

/** The link's token, read from the delivered email as a person would click it. */
const linkToken = (mail: ReceivedMail, page: string) => {
  const match = new RegExp(`${t.config.publicUrl}/${page}\\?token=([A-Za-z0-9_-]{43})`).exec(
    mail.text,
  );
  if (!match) throw new Error(`no /${page} link in: ${mail.text}`);
  seenTokens.add(match[1]!);
  return match[1]!;
};

const post = (url: string, payload?: object, cookie?: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    ...(payload ? { payload } : {}),
    headers: cookie ? { cookie } : {},
  });
const verify = (token: string, cookie?: string) =>
  post('/api/account/verify-email', { token }, cookie);
const confirmReset = (token: string, password = 'brand-new-pass', cookie?: string) =>
  post('/api/password-reset/confirm', { token, password, confirmPassword: password }, cookie);
const me = (cookie: string) => t.app.inject({ url: '/api/user', headers: { cookie } });
const login = (email: string, password: string, remoteAddress = uniqueAddress()) =>
  post('/api/login', { email, password }, undefined, remoteAddress);
const invalidLink = { message: ACCOUNT_MESSAGES.invalidLink };

describe('email verification', () => {
  it('registering sends a link that verifies the address once; the user view says so', async () => {
    const { email, cookie, user } = await newcomer();
    expect(user.emailVerified).toBe(false);
    const mail = await delivered(email, 'Verify your email address');
    const token = linkToken(mail, 'verify-email');

    const first = await verify(token, cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ email, emailVerified: true });
    expect((await me(cookie)).json()).toMatchObject({ emailVerified: true });
    expect((await verify(token, cookie)).json()).toEqual(invalidLink);
    expect((await login(email, 'secret-password')).json()).toMatchObject({ emailVerified: true });
  });

  it('until verified: 403 on what needs a proven address; after: allowed', async () => {
    const sender = await registerUser(t.app);
    const stranger = await newcomer();
    const calls = dareRequestCalls(t.app);
    const sent = await calls.send(sender.cookie, requestBody({ recipientEmail: stranger.email }));
    expect(sent.statusCode).toBe(201);
    const verifyFirst = { message: 'Verify your email address first' };

    for (const answer of ['accept', 'decline'] as const) {
      const refused = await calls.answer(stranger.cookie, sent.json().id, answer);
      expect([refused.statusCode, refused.json()]).toEqual([403, verifyFirst]);
    }
    const toAddress = await calls.send(stranger.cookie, requestBody({ recipientEmail: 'x@a.com' }));
    expect([toAddress.statusCode, toAddress.json()]).toEqual([403, verifyFirst]);
    const challenge = await post(
      '/api/dares',
      challengePayload('email', 'friend@example.com'),
      stranger.cookie,
    );
    expect([challenge.statusCode, challenge.json()]).toEqual([403, verifyFirst]);
    const payouts = await post(
      '/api/stripe/connect-account',
      { refreshUrl: '/', returnUrl: '/' },
      stranger.cookie,
    );
    expect([payouts.statusCode, payouts.json()]).toEqual([403, verifyFirst]);
    const collect = await post('/api/dares/1/capture-payments', undefined, stranger.cookie);
    expect([collect.statusCode, collect.json()]).toEqual([403, verifyFirst]);

    // A challenge's invitation sent to the address: accepting waits for the proof too.
    await post('/api/dares', challengePayload('email', stranger.email), sender.cookie);
    const invite = await accountlessInvitationToken(stranger.email);
    const acceptInvite = await post(
      `/api/invitations/${invite}/accept`,
      undefined,
      stranger.cookie,
    );
    expect([acceptInvite.statusCode, acceptInvite.json()]).toEqual([403, verifyFirst]);

    await verify(await accountLinkToken(t.app, stranger.email, 'verify-email'));
    expect((await calls.answer(stranger.cookie, sent.json().id, 'accept')).statusCode).toBe(200);
    const accepted = await post(`/api/invitations/${invite}/accept`, undefined, stranger.cookie);
    expect(accepted.statusCode).toBe(200);
  });

  it('resend voids the older link and is limited to 3 an hour (429 with Retry-After)', async () => {
    const { email, cookie } = await newcomer();
    const older = await accountLinkToken(t.app, email, 'verify-email');
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/account/verify-email/resend', undefined, cookie)).statusCode).toBe(
        202,
      );
    }
    const limited = await post('/api/account/verify-email/resend', undefined, cookie);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const newest = linkToken(await delivered(email, 'Verify your email address'), 'verify-email');
    expect(newest).not.toBe(older);
    expect((await verify(older)).json()).toEqual(invalidLink);
    expect((await verify(newest)).statusCode).toBe(200);
  });

  it('expired, tampered, other-purpose and malformed tokens are refused', async () => {
    const { email } = await newcomer();
    const token = await accountLinkToken(t.app, email, 'verify-email');
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [tampered, 'short', `${token}x`]) {
      const response = await verify(bad);
      expect([response.statusCode, response.json()]).toEqual([400, invalidLink]);
    }
    // A verify token is no reset token: refused there, and still good for its own purpose.
    expect((await confirmReset(token)).json()).toEqual(invalidLink);
    await t.app.ctx.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.purpose, 'verify-email'));
    expect((await verify(token)).json()).toEqual(invalidLink);
  });

  it('100 parallel uses of one link: exactly one wins', async () => {
    const { email } = await newcomer();
    const token = await accountLinkToken(t.app, email, 'verify-email');
    const answers = await Promise.all(Array.from({ length: 100 }, () => verify(token)));
    const codes = answers.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 400)).toHaveLength(99);
  });
});

describe('password reset', () => {
  const resetSent = { message: ACCOUNT_MESSAGES.resetSent };
  const ask = (email: string, remoteAddress = uniqueAddress()) =>
    post('/api/password-reset', { email }, undefined, remoteAddress);

  it('the link resets once: sessions and streams end, throttle cleared, notice sent, signed in', async () => {
    const { email, cookie } = await newcomer(true);
    const other = await login(email, 'secret-password');
    const stream = await openSse(`${base}/api/events`, { cookie: sessionCookie(other) });
    expect(stream.status).toBe(200);
    // Strangers' guesses from many addresses have the account waiting.
    for (let i = 0; i < 8; i++) await login(email, 'wrong-guess');
    expect((await login(email, 'secret-password')).statusCode).toBe(429);

    const asked = await ask(email);
    expect([asked.statusCode, asked.json()]).toEqual([202, resetSent]);
    const token = linkToken(await delivered(email, 'Reset your password'), 'reset-password');
    const reset = await confirmReset(token, 'brand-new-pass');
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ email });
    expect((await me(sessionCookie(reset))).statusCode).toBe(200);

    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(sessionCookie(other))).statusCode).toBe(401);
    await Promise.race([
      stream.ended,
      new Promise((_, reject) => setTimeout(() => reject(new Error('stream still open')), 1000)),
    ]);
    expect((await delivered(email, 'Your password was changed')).text).toContain(
      'Your password was changed.',
    );
    expect((await login(email, 'secret-password')).statusCode).toBe(401);
    expect((await login(email, 'brand-new-pass')).statusCode).toBe(200);
    expect((await confirmReset(token, 'another-pass-1')).json()).toEqual(invalidLink);
  });

  it('an unknown address gets the same answer in about the same time, and no email', async () => {
    const { email } = await newcomer(true);
    const unknown = uniqueEmail('nobody', DELIVERABLE_DOMAIN);
    const timed = async (address: string) => {
      const started = performance.now();
      const response = await ask(address);
      return {
        ms: performance.now() - started,
        status: response.statusCode,
        body: response.json(),
      };
    };
    const known: number[] = [];
    const unknowns: number[] = [];
    for (let i = 0; i < 3; i++) {
      const a = await timed(email);
      const b = await timed(unknown);
      expect([a.status, a.body]).toEqual([202, resetSent]);
      expect([b.status, b.body]).toEqual([202, resetSent]);
      known.push(a.ms);
      unknowns.push(b.ms);
    }
    const median = (values: number[]) => values.sort((x, y) => x - y)[1]!;
    expect(Math.abs(median(known) - median(unknowns))).toBeLessThan(50);
    await drainOutbox(t.app.ctx);
    expect(sink.messages.some((m) => m.envelopeTo.includes(unknown))).toBe(false);
  });

  it('at most 3 an hour per address and 10 per client (429 with Retry-After)', async () => {
    const { email } = await newcomer(true);
    for (let i = 0; i < 3; i++) expect((await ask(email)).statusCode).toBe(202);
    const perEmail = await ask(email);
    expect(perEmail.statusCode).toBe(429);
    expect(Number(perEmail.headers['retry-after'])).toBeGreaterThan(0);

    const client = uniqueAddress();
    for (let i = 0; i < 10; i++) expect((await ask(uniqueEmail(), client)).statusCode).toBe(202);
    const perClient = await ask(uniqueEmail(), client);
    expect(perClient.statusCode).toBe(429);
    expect(Number(perClient.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("the form's rules; a reset token is no verify token; 100 parallel uses: one wins", async () => {
    const { email } = await newcomer();
    await ask(email);
    const token = await accountLinkToken(t.app, email, 'reset-password');
    const mismatch = await post('/api/password-reset/confirm', {
      token,
      password: 'brand-new-pass',
      confirmPassword: 'other-pass',
    });
    expect([mismatch.statusCode, mismatch.json().message]).toEqual([400, "Passwords don't match"]);
    const short = await confirmReset(token, 'abc');
    expect(short.json().message).toBe('Password must be at least 6 characters');
    expect((await verify(token)).json()).toEqual(invalidLink);

    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => confirmReset(token, `parallel-pass-${i}`)),
    );
    const winners = answers.filter((response) => response.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((response) => response.statusCode === 400)).toHaveLength(99);
    // Opening a link sent to the address proved it.
    expect(winners[0]!.json()).toMatchObject({ emailVerified: true });
  });
});

describe('logs', () => {
  it('carry no token of any link these tests used, nor the addresses they went to', () => {
    const log = logs.text();
    expect(log.length).toBeGreaterThan(1000);
    for (const mail of sink.messages) {
      for (const [, token] of mail.text.matchAll(/\?token=([A-Za-z0-9_-]{43})\b/g)) {
        seenTokens.add(token!);
      }
    }
    expect(seenTokens.size).toBeGreaterThan(2);
    for (const token of seenTokens) expect(log).not.toContain(token);
    for (const mail of sink.messages) expect(log).not.toContain(mail.envelopeTo[0]!);
  });
});

/** The invitation token of a challenge emailed to `to`, from its delivered email. */
async function accountlessInvitationToken(to: string): Promise<string> {
  await drainOutbox(t.app.ctx);
  const mail = sink.messages.filter((m) => m.envelopeTo.includes(to)).at(-1);
  const match = /\/invite\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no invitation email to ${to}`);
  return match[1]!;
}

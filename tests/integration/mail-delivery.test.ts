import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_MAX_ATTEMPTS, MAIL_RETRY_BASE_SECONDS } from '@/contracts/limits';
import type { NotificationKind } from '@/contracts/notifications';
import { buildApp } from '@/server/app';
import { openDatabase } from '@/server/db/client';
import { mailOutbox, notifications } from '@/server/db/schema';
import { createJobRunner } from '@/server/jobs/job-runner';
import { runDueJobs } from '@/server/jobs/runner';
import { claimDueEmails, drainOutbox, SEND_EMAILS_JOB } from '@/server/jobs/send-emails';
import { signUnsubscribeToken } from '@/server/modules/email/unsubscribe-token';
import { notify } from '@/server/modules/notifications/notify';
import { queueEmail } from '@/server/modules/notifications/outbox';
import { createDare } from '../support/dares';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { APP_START_TIMEOUT, createTestApp, type TestApp } from '../support/test-app';
import { DELIVERABLE_DOMAIN, registerUser, uniqueEmail } from '../support/users';

const FROM = 'Darefund <mail@darefund.test>';
const SECOND = 1000;
let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, MAIL_FROM: FROM });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const db = () => t.app.ctx.db;
/**
 * A new account whose address mail is delivered to (none is sent to example.com). Its
 * verification email (tested in account-verify-reset) is taken out of the outbox: this file
 * counts the mail of what each test does.
 */
async function member(app = t.app, overrides: { displayName?: string } = {}) {
  const registered = await registerUser(app, {
    email: uniqueEmail('member', DELIVERABLE_DOMAIN),
    ...overrides,
  });
  await app.ctx.db
    .delete(mailOutbox)
    .where(and(eq(mailOutbox.to, registered.email), eq(mailOutbox.kind, 'account')));
  return registered;
}
const later = (ms: number) => new Date(Date.now() + ms);

async function pledgeNotice(userId: number, dareId: number | null, title = 'Swim <the> lake') {
  await db().transaction((tx) =>
    notify(tx, t.config.publicUrl, {
      userId,
      dareId,
      kind: 'pledge_received',
      data: { dareTitle: title, amountCents: 2500, pledgerName: 'Pat' },
    }),
  );
}

async function payoutNotice(userId: number) {
  await db().transaction((tx) =>
    notify(tx, t.config.publicUrl, {
      userId,
      dareId: null,
      kind: 'payout_sent',
      data: { dareTitle: 'Eat a lemon', amountCents: 900 },
    }),
  );
}

const outboxTo = (to: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, to));
const receivedBy = (to: string) => sink.messages.filter((m) => m.envelopeTo.includes(to));
const unsubscribeLink = (mail: ReceivedMail) => {
  const match = /http:\/\/localhost:3000(\/unsubscribe\?token=[\w.-]+)/.exec(mail.text);
  if (!match) throw new Error(`no unsubscribe link in:\n${mail.text}`);
  return match[1]!;
};
const settingsOf = async (cookie: string) => {
  const response = await t.app.inject({
    url: '/api/user/notification-settings',
    headers: { cookie },
  });
  expect(response.statusCode).toBe(200);
  return Object.fromEntries(
    (response.json().settings as { kind: NotificationKind; email: boolean }[]).map((s) => [
      s.kind,
      s.email,
    ]),
  );
};

describe('sending the outbox over SMTP', () => {
  it("delivers a notification's email once, with both parts, the link and an unsubscribe header", async () => {
    const { user, email } = await member(t.app, { displayName: 'Casey' });
    const dare = await createDare(db(), { creatorId: user.id });
    await pledgeNotice(user.id, dare.id);

    // The background runner (as main.ts starts it) sends it within a poll.
    const runner = createJobRunner(t.app.ctx, { pollMs: 20, periodic: [], handlers: {} });
    runner.start();
    try {
      await expect.poll(() => receivedBy(email).length, { timeout: 10_000 }).toBe(1);
    } finally {
      await runner.stop();
    }
    const [mail, ...more] = receivedBy(email);
    expect(more).toEqual([]);
    expect(mail!.envelopeTo).toEqual([email]);
    expect(mail!.headers.from).toContain('mail@darefund.test');
    expect(mail!.subject).toBe('Pat pledged $25.00 to "Swim <the> lake"');
    expect(mail!.text).toContain('Hi Casey,');
    expect(mail!.text).toContain(`http://localhost:3000/dares/${dare.id}`);
    expect(mail!.html).toContain(`href="http://localhost:3000/dares/${dare.id}"`);
    expect(mail!.html).toContain('Swim &lt;the&gt; lake');
    expect(mail!.html).not.toContain('<the>');
    expect(mail!.headers['list-unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/unsubscribe\?token=/,
    );
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.html).toContain('Unsubscribe');

    // Nothing left to send: a second drain sends nothing again.
    expect((await drainOutbox(t.app.ctx, { now: later(20 * SECOND) })).claimed).toBe(0);
    expect(receivedBy(email)).toHaveLength(1);
    const [row] = await outboxTo(email);
    expect(row!.sentAt).not.toBeNull();
    expect(row!.attempts).toBe(1);

    // The periodic job drains too (retries, or when no runner was up).
    await payoutNotice(user.id);
    const tick = await runDueJobs(t.app.ctx, {
      workerId: 'w1',
      now: later(60 * SECOND),
      periodic: [{ kind: SEND_EMAILS_JOB, everyMs: 60 * SECOND }],
    });
    expect(tick).toMatchObject({ claimed: 1, done: 1 });
    expect(receivedBy(email).map((m) => m.subject)).toEqual([
      'Pat pledged $25.00 to "Swim <the> lake"',
      'Payout sent: $9.00 for "Eat a lemon"',
    ]);
  });

  it('retries a refused message with growing waits and delivers it later', async () => {
    const { user, email } = await member(t.app);
    await payoutNotice(user.id);
    sink.refuseNext(2);
    const start = Date.now();
    const at = (s: number) => new Date(start + s * SECOND);

    expect(await drainOutbox(t.app.ctx, { now: at(0) })).toMatchObject({ retried: 1, sent: 0 });
    let [row] = await outboxTo(email);
    expect(row).toMatchObject({ attempts: 1, sentAt: null, deadAt: null });
    expect(row!.error).toContain('Mailbox busy');
    expect(row!.nextAttemptAt.getTime()).toBe(start + MAIL_RETRY_BASE_SECONDS * SECOND);

    // Not due yet: nothing is tried.
    expect((await drainOutbox(t.app.ctx, { now: at(30) })).claimed).toBe(0);
    expect(await drainOutbox(t.app.ctx, { now: at(61) })).toMatchObject({ retried: 1 });
    [row] = await outboxTo(email);
    expect(row!.attempts).toBe(2);
    // The second wait is twice the first.
    expect(row!.nextAttemptAt.getTime()).toBe(
      at(61).getTime() + 2 * MAIL_RETRY_BASE_SECONDS * SECOND,
    );
    expect((await drainOutbox(t.app.ctx, { now: at(120) })).claimed).toBe(0);

    expect(await drainOutbox(t.app.ctx, { now: at(182) })).toMatchObject({ sent: 1 });
    [row] = await outboxTo(email);
    expect(row).toMatchObject({ attempts: 3, error: null });
    expect(row!.sentAt).not.toBeNull();
    expect(receivedBy(email)).toHaveLength(1);
  });

  it('gives up after the last attempt: a dead letter is never tried again', async () => {
    const { user, email } = await member(t.app);
    await payoutNotice(user.id);
    sink.refuseAll(true);
    try {
      const before = sink.attempts();
      for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
        const report = await drainOutbox(t.app.ctx, { now: later(attempt * 86_400 * SECOND) });
        expect(report).toMatchObject(
          attempt < MAIL_MAX_ATTEMPTS ? { retried: 1, dead: 0 } : { retried: 0, dead: 1 },
        );
      }
      const [row] = await outboxTo(email);
      expect(row).toMatchObject({ attempts: MAIL_MAX_ATTEMPTS, sentAt: null });
      expect(row!.deadAt).not.toBeNull();
      expect((await drainOutbox(t.app.ctx, { now: later(365 * 86_400 * SECOND) })).claimed).toBe(0);
      expect(sink.attempts() - before).toBe(MAIL_MAX_ATTEMPTS);
    } finally {
      sink.refuseAll(false);
    }
    expect(receivedBy(email)).toHaveLength(0);
  });

  it('two drains at once send every message exactly once', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => member(t.app)));
    for (const { user } of users) {
      for (let i = 0; i < 3; i += 1) await pledgeNotice(user.id, null, `Dare ${user.id}-${i}`);
    }
    const now = later(10 * SECOND);
    const reports = await Promise.all([
      drainOutbox(t.app.ctx, { now, limit: 5 }),
      drainOutbox(t.app.ctx, { now, limit: 5 }),
      drainOutbox(t.app.ctx, { now, limit: 5 }),
    ]);
    // Whatever the interleaving, the rest goes in a next round; no row is taken twice.
    await drainOutbox(t.app.ctx, { now, limit: 20 });
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBeLessThanOrEqual(12);
    for (const { email } of users) {
      const subjects = receivedBy(email).map((m) => m.subject);
      expect(subjects).toHaveLength(3);
      expect(new Set(subjects).size).toBe(3);
    }
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'two app instances on one Postgres database send every message once',
    async () => {
      const second = await openDatabase({
        databaseUrl: t.config.databaseUrl,
        dataDir: t.config.dataDir,
      });
      const other = await buildApp({ config: t.config, database: second });
      try {
        const users = await Promise.all(Array.from({ length: 3 }, () => member(t.app)));
        for (const { user } of users) {
          for (let i = 0; i < 4; i += 1) await pledgeNotice(user.id, null, `Twin ${user.id}-${i}`);
        }
        const now = later(10 * SECOND);
        await Promise.all([
          drainOutbox(t.app.ctx, { now, limit: 4 }),
          drainOutbox(other.ctx, { now, limit: 4 }),
          drainOutbox(t.app.ctx, { now, limit: 4 }),
          drainOutbox(other.ctx, { now, limit: 4 }),
        ]);
        await drainOutbox(other.ctx, { now });
        for (const { email } of users) {
          const subjects = receivedBy(email).map((m) => m.subject);
          expect(subjects).toHaveLength(4);
          expect(new Set(subjects).size).toBe(4);
        }
      } finally {
        await other.close();
        await second.close();
      }
    },
  );

  it('a message queued within the very millisecond of the send is due (microseconds in the database)', async () => {
    const { user, email } = await member(t.app);
    await payoutNotice(user.id);
    const [row] = await outboxTo(email);
    // As when the send follows the queueing within one millisecond: the row's time has
    // microseconds past the millisecond that the app's clock reads.
    await db().execute(
      sql`UPDATE ${mailOutbox} SET next_attempt_at = '2030-01-01T00:00:00.000700Z' WHERE id = ${row!.id}`,
    );
    const sameMillisecond = new Date('2030-01-01T00:00:00.000Z');
    expect(await drainOutbox(t.app.ctx, { now: sameMillisecond, ids: [row!.id] })).toMatchObject({
      claimed: 1,
      sent: 1,
    });
    const earlier = new Date('2029-12-31T23:59:59.999Z');
    await payoutNotice(user.id);
    const [, second] = await outboxTo(email);
    await db().execute(
      sql`UPDATE ${mailOutbox} SET next_attempt_at = '2030-01-01T00:00:00.000700Z' WHERE id = ${second!.id}`,
    );
    expect((await drainOutbox(t.app.ctx, { now: earlier, ids: [second!.id] })).claimed).toBe(0);
  });

  it('a sender that died holding a message lets it go only when its lease lapses', async () => {
    const { user, email } = await member(t.app);
    await payoutNotice(user.id);
    const now = later(5 * SECOND);
    const [row] = await outboxTo(email);
    // Claimed, then the process "dies" before sending.
    expect((await claimDueEmails(db(), now, 50, [row!.id])).map((r) => r.id)).toEqual([row!.id]);
    expect((await drainOutbox(t.app.ctx, { now, ids: [row!.id] })).claimed).toBe(0);
    const afterLease = new Date(now.getTime() + 10 * 60 * SECOND);
    expect(await drainOutbox(t.app.ctx, { now: afterLease, ids: [row!.id] })).toMatchObject({
      sent: 1,
    });
    expect(receivedBy(email)).toHaveLength(1);
    const [sent] = await outboxTo(email);
    expect(sent!.attempts).toBe(2);
  });
});

describe('unsubscribing', () => {
  it("the received email's link turns that kind off; the next one is in the app only", async () => {
    const { user, email, cookie } = await member(t.app);
    await pledgeNotice(user.id, null, 'First');
    await drainOutbox(t.app.ctx, { now: later(5 * SECOND) });
    const [mail] = receivedBy(email);

    // Queued before the click, sent after it: not sent either.
    await pledgeNotice(user.id, null, 'Queued before');
    const page = await t.app.inject({ method: 'POST', url: unsubscribeLink(mail!) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('You are unsubscribed');
    expect(page.body).toContain('Someone pledges to my dare');
    expect(await settingsOf(cookie)).toMatchObject({ pledge_received: false, payout_sent: true });
    // The same link again: still fine, nothing more changes.
    expect((await t.app.inject({ method: 'POST', url: unsubscribeLink(mail!) })).statusCode).toBe(
      200,
    );

    await pledgeNotice(user.id, null, 'Second');
    await payoutNotice(user.id);
    const rows = await db()
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(rows.map((r) => r.kind).sort()).toEqual([
      'payout_sent',
      'pledge_received',
      'pledge_received',
      'pledge_received',
    ]);
    const queued = await outboxTo(email);
    expect(queued.map((r) => r.kind).sort()).toEqual([
      'payout_sent',
      'pledge_received',
      'pledge_received',
    ]);
    expect(await drainOutbox(t.app.ctx, { now: later(10 * SECOND) })).toMatchObject({
      sent: 1,
      skipped: 1,
    });
    expect(receivedBy(email).map((m) => m.subject)).toEqual([
      'Pat pledged $25.00 to "First"',
      'Payout sent: $9.00 for "Eat a lemon"',
    ]);
    expect(receivedBy(email).some((m) => /"(Second|Queued before)"/.test(m.subject))).toBe(false);
  });

  it("over HTTP: GET and HEAD only ask; the page's button and a one-click POST from any Origin act", async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { user, email, cookie } = await member(t.app);
    await payoutNotice(user.id);
    await drainOutbox(t.app.ctx, { now: later(5 * SECOND) });
    const link = `${base}${unsubscribeLink(receivedBy(email)[0]!)}`;

    // What a mail scanner following links does: nothing changes.
    const page = await fetch(link);
    expect((await fetch(link, { method: 'HEAD' })).status).toBe(200);
    expect(await settingsOf(cookie)).toMatchObject({ payout_sent: true });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Unsubscribe from these emails?');
    expect(html).toContain('A payout is sent to me');

    // The page's button posts its form to the same link.
    const form = /<form method="post" action="([^"]+)">/.exec(html);
    expect(form).not.toBeNull();
    const clicked = await fetch(new URL(form![1]!.replaceAll('&amp;', '&'), base), {
      method: 'POST',
      headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    expect(await clicked.text()).toContain('You are unsubscribed');
    expect(await settingsOf(cookie)).toMatchObject({ payout_sent: false });

    // RFC 8058 one-click, posted by a mail provider's web page: the token is the proof.
    const other = await member(t.app);
    await payoutNotice(other.user.id);
    await drainOutbox(t.app.ctx, { now: later(5 * SECOND) });
    const oneClick = await fetch(`${base}${unsubscribeLink(receivedBy(other.email)[0]!)}`, {
      method: 'POST',
      headers: {
        origin: 'https://mail.example.net',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await settingsOf(other.cookie)).toMatchObject({ payout_sent: false });
    // Every other route still refuses a foreign Origin.
    const logout = await fetch(`${base}/api/logout`, {
      method: 'POST',
      headers: { cookie: other.cookie, origin: 'https://mail.example.net' },
    });
    expect(logout.status).toBe(403);
  });

  it('one-click POST from the List-Unsubscribe header works as a mail app sends it', async () => {
    const { user, email, cookie } = await member(t.app);
    await payoutNotice(user.id);
    await drainOutbox(t.app.ctx, { now: later(5 * SECOND) });
    const [mail] = receivedBy(email);
    const url = /<http:\/\/localhost:3000([^>]+)>/.exec(mail!.headers['list-unsubscribe']!)![1]!;
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    expect(await settingsOf(cookie)).toMatchObject({ payout_sent: false, pledge_received: true });
  });

  it('an address without an account (an invitation) is suppressed for that kind', async () => {
    const to = `friend.without.account@${DELIVERABLE_DOMAIN}`;
    await db().transaction((tx) =>
      queueEmail(tx, {
        to,
        kind: 'challenge_invitation',
        subject: 'You were challenged',
        text: 'Open http://localhost:3000/invite/abc to answer.',
        html: '<p>Open the invitation.</p>',
      }),
    );
    await drainOutbox(t.app.ctx, { now: later(5 * SECOND) });
    const [mail] = receivedBy(to);
    expect(mail!.text).toContain('http://localhost:3000/invite/abc');
    expect((await t.app.inject({ method: 'POST', url: unsubscribeLink(mail!) })).body).toContain(
      'Challenge invitations',
    );
    const again = await db().transaction((tx) =>
      queueEmail(tx, {
        to: `Friend.Without.Account@${DELIVERABLE_DOMAIN}`,
        kind: 'challenge_invitation',
        subject: 'Again',
        text: 'x',
        html: 'x',
      }),
    );
    expect(again).toBeNull();
    // Other kinds of email to that address still go.
    const other = await db().transaction((tx) =>
      queueEmail(tx, { to, kind: 'dare_request', subject: 'A dare request', text: 'x', html: 'x' }),
    );
    expect(other).not.toBeNull();
  });

  it('a forged, altered or missing token gets a clear 400', async () => {
    const { user, email } = await member(t.app);
    const good = signUnsubscribeToken(t.config.sessionSecret, {
      email,
      kind: 'payout_sent',
      userId: user.id,
    });
    const [, signature] = good.split('.');
    const otherPayload = Buffer.from(
      JSON.stringify({ e: email, k: 'pledge_received', u: user.id }),
    ).toString('base64url');
    const foreign = signUnsubscribeToken('another-secret-another-secret-0123456789', {
      email,
      kind: 'payout_sent',
    });
    for (const token of ['abc', `${otherPayload}.${signature}`, foreign, '', '..', 'a.b.c']) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await t.app.inject({
          method,
          url: `/unsubscribe?token=${encodeURIComponent(token)}`,
        });
        expect(response.statusCode, `${method} ${token}`).toBe(400);
        expect(response.body).toContain('This unsubscribe link is not valid');
      }
    }
    expect((await t.app.inject({ url: '/unsubscribe' })).statusCode).toBe(400);
    const rows = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email)));
    expect(rows).toEqual([]);
  });
});

describe('notification settings', () => {
  const put = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/user/notification-settings',
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });

  it('need a login', async () => {
    expect((await t.app.inject({ url: '/api/user/notification-settings' })).statusCode).toBe(401);
    expect(
      (await put(undefined, { settings: [{ kind: 'goal_reached', email: false }] })).statusCode,
    ).toBe(401);
  });

  it('list every kind on by default, validate, and keep what was saved', async () => {
    const { cookie } = await member(t.app);
    const initial = await settingsOf(cookie);
    expect(Object.values(initial).every(Boolean)).toBe(true);
    expect(Object.keys(initial)).toContain('hold_renewal_failed');

    for (const bad of [
      {},
      { settings: [] },
      { settings: [{ kind: 'nonsense', email: false }] },
      { settings: [{ kind: 'goal_reached', email: 'no' }] },
      { settings: [{ kind: 'goal_reached' }] },
    ]) {
      expect((await put(cookie, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }

    const saved = await put(cookie, {
      settings: [
        { kind: 'goal_reached', email: false },
        { kind: 'card_charged', email: false },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings).toContainEqual({ kind: 'goal_reached', email: false });
    expect(await settingsOf(cookie)).toMatchObject({
      goal_reached: false,
      card_charged: false,
      pledge_received: true,
    });
    // Back on, and another user's settings are their own.
    await put(cookie, { settings: [{ kind: 'card_charged', email: true }] });
    expect(await settingsOf(cookie)).toMatchObject({ goal_reached: false, card_charged: true });
    const other = await member(t.app);
    expect((await settingsOf(other.cookie)).goal_reached).toBe(true);
  });
});

describe('test email', () => {
  it('is not there outside development', async () => {
    const { cookie } = await member(t.app);
    expect((await t.app.inject({ url: '/api/test-email', headers: { cookie } })).statusCode).toBe(
      404,
    );
  });

  it(
    'in development sends one to the signed-in user at once',
    async () => {
      const dev = await createTestApp({
        NODE_ENV: 'development',
        LOG_LEVEL: 'silent',
        SMTP_URL: sink.url,
      });
      try {
        expect((await dev.app.inject({ url: '/api/test-email' })).statusCode).toBe(401);
        const { cookie, email } = await member(dev.app);
        const response = await dev.app.inject({ url: '/api/test-email', headers: { cookie } });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          success: true,
          message: `Test email sent to ${email}`,
          preview: { to: email },
        });
        const [mail] = receivedBy(email);
        expect(mail!.subject).toBe('Darefund test email');
        expect(mail!.html).toContain('email delivery works');

        // A reserved address (a demo account's) gets nothing, and is told why.
        const reserved = await registerUser(dev.app);
        const refused = await dev.app.inject({
          url: '/api/test-email',
          headers: { cookie: reserved.cookie },
        });
        expect(refused.json()).toEqual({
          success: false,
          message: `Not sent: ${reserved.email} is a reserved address that cannot receive email`,
          preview: { to: reserved.email },
        });
        expect(receivedBy(reserved.email)).toEqual([]);
      } finally {
        await dev.close();
      }
    },
    APP_START_TIMEOUT,
  );

  it(
    'without SMTP it stays in the outbox and says so',
    async () => {
      const dev = await createTestApp({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
      try {
        const { cookie, email } = await member(dev.app);
        const response = await dev.app.inject({ url: '/api/test-email', headers: { cookie } });
        expect(response.json()).toMatchObject({ success: true, preview: { to: email } });
        expect(response.json().message).toContain('/dev/mail');
        const rows = await dev.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
        expect(rows).toHaveLength(1);
        expect(rows[0]!.sentAt).toBeNull();
      } finally {
        await dev.close();
      }
    },
    APP_START_TIMEOUT,
  );
});

import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_MISSES_PER_WINDOW } from '@/contracts/limits';
import { fundingDeadline } from '@/domain/funding-duration';
import { challengeInvitations, dares, mailOutbox, notifications } from '@/server/db/schema';
import { challengePayload } from '../support/challenges';
import { APP_START_TIMEOUT, createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';
import { cardNumberRows as rowsContaining } from './payments-support';

const INVALID = { message: 'This invitation is invalid or has expired' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const challenge = challengePayload;

async function createChallenge(
  app: TestApp['app'],
  cookie: string,
  type: 'email' | 'phone',
  contact: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/dares',
    payload: challenge(type, contact),
    headers: { cookie },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number; invitationUrl?: string; takerId: number | null };
}

/** The mail to `to`, but the registration's verification email (kind 'account'). */
const outboxTo = (to: string) =>
  t.app.ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), ne(mailOutbox.kind, 'account')));

const tokenOf = (text: string) => {
  const match = /\/invite\/([A-Za-z0-9_-]{43})/.exec(text);
  if (!match) throw new Error(`no invitation link in: ${text}`);
  return match[1]!;
};

const call = (method: 'GET' | 'POST', url: string, cookie?: string, remoteAddress?: string) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, remoteAddress });
const view = (token: string) => call('GET', `/api/invitations/${token}`);
const accept = (token: string, cookie: string, address?: string) =>
  call('POST', `/api/invitations/${token}/accept`, cookie, address);
const decline = (token: string, cookie: string) =>
  call('POST', `/api/invitations/${token}/decline`, cookie);

/** An email challenge from a new creator, and the token its email carries. */
async function emailChallenge() {
  const creator = await registerUser(t.app, { displayName: 'Casey <Creator>' });
  const to = `friend-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}@example.com`;
  const dare = await createChallenge(t.app, creator.cookie, 'email', to);
  const [email] = await outboxTo(to);
  return { creator, dare, to, token: tokenOf(email!.text) };
}

describe('email challenge invitations', () => {
  it('emails one invitation link; only its hash is stored', async () => {
    const { creator, dare, to, token } = await emailChallenge();
    // The test app has no mailer: the creator is given the link to send (issue 19 item 13).
    expect(dare.invitationUrl).toBe(`http://localhost:3000/invite/${token}`);
    const emails = await outboxTo(to);
    expect(emails).toHaveLength(1);
    const [email] = emails;
    expect(email!.subject).toBe('Casey <Creator> dared you: "Sing <loudly> & proud"');
    expect(email!.text).toContain(`http://localhost:3000/invite/${token}`);
    expect(email!.html).toContain(`href="http://localhost:3000/invite/${token}"`);
    expect(email!.html).toContain('Casey &lt;Creator&gt;');
    expect(email!.html).toContain('Sing &lt;loudly&gt; &amp; proud');
    expect(email!.html).not.toContain('<loudly>');

    const found = (await rowsContaining(t.app.ctx.db, [token])).filter(
      (row) => !row.startsWith('mail_outbox:'),
    );
    expect(found).toEqual([]);
    const [stored] = await t.app.ctx.db
      .select()
      .from(challengeInvitations)
      .where(eq(challengeInvitations.dareId, dare.id));
    expect(stored).toMatchObject({ channel: 'email', contact: to, usedAt: null });
    expect(stored!.tokenHash).not.toContain(token);

    const shown = await view(token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({
      dareId: dare.id,
      title: 'Sing <loudly> & proud',
      description: 'One verse of the anthem at the bus stop.',
      targetAmount: 40,
      channel: 'email',
      creator: { id: creator.user.id, displayName: 'Casey <Creator>' },
    });
    expect(shown.json()).not.toHaveProperty('contact');
  });

  it('is accepted by a new account, which becomes the taker; the creator is told', async () => {
    const { creator, dare, token } = await emailChallenge();
    const invited = await registerUser(t.app, { displayName: 'Robin' });
    const response = await accept(token, invited.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: dare.id, takerId: invited.user.id });

    const detail = (await call('GET', `/api/dares/${dare.id}`)).json();
    expect(detail).toMatchObject({ takerId: invited.user.id, acceptedBy: invited.user.id });
    expect(detail.acceptedAt).not.toBeNull();

    const told = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, creator.user.id),
          ne(notifications.kind, 'achievement_unlocked'),
        ),
      );
    expect(told.map((n) => n.kind)).toEqual(['challenge_accepted']);
    const creatorEmails = await outboxTo(creator.email);
    expect(
      creatorEmails.map((e) => e.subject).filter((s) => !s.startsWith('Achievement Unlocked!')),
    ).toEqual(['Robin accepted your challenge "Sing <loudly> & proud"']);

    // Used: refused for anyone, including the one who used it.
    const other = await registerUser(t.app);
    expect((await accept(token, other.cookie)).json()).toEqual(INVALID);
    expect((await accept(token, invited.cookie)).statusCode).toBe(404);
    expect((await view(token)).json()).toEqual(INVALID);
  });

  it('refuses the creator, unknown and malformed tokens, and anonymous callers', async () => {
    const { creator, token } = await emailChallenge();
    const own = await accept(token, creator.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: "You can't accept your own challenge" });
    expect((await decline(token, creator.cookie)).statusCode).toBe(403);
    // Still usable by the invited person afterwards.
    expect((await view(token)).statusCode).toBe(200);

    const unknown = 'A'.repeat(43);
    for (const bad of [unknown, 'short', `${token}x`, token.slice(0, 42)]) {
      const response = await view(bad);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(INVALID);
    }
    expect((await call('POST', `/api/invitations/${token}/accept`)).statusCode).toBe(401);
  });

  it('refuses an invitation whose dare has expired', async () => {
    const { dare, token } = await emailChallenge();
    await t.app.ctx.db
      .update(dares)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dares.id, dare.id));
    const invited = await registerUser(t.app);
    expect((await view(token)).json()).toEqual(INVALID);
    const response = await accept(token, invited.cookie);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(INVALID);
    const [after] = await t.app.ctx.db.select().from(dares).where(eq(dares.id, dare.id));
    expect(after!.takerId).toBeNull();
  });

  it('once declined, cannot be accepted; the creator is told', async () => {
    const { creator, dare, token } = await emailChallenge();
    const invited = await registerUser(t.app, { displayName: 'Sam' });
    const declined = await decline(token, invited.cookie);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual({ declined: true });
    expect((await accept(token, invited.cookie)).json()).toEqual(INVALID);
    expect((await decline(token, invited.cookie)).statusCode).toBe(404);
    const told = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, creator.user.id),
          ne(notifications.kind, 'achievement_unlocked'),
        ),
      );
    expect(told.map((n) => n.kind)).toEqual(['challenge_declined']);
    const [after] = await t.app.ctx.db.select().from(dares).where(eq(dares.id, dare.id));
    expect(after).toMatchObject({ takerId: null, status: 'pending' });
  });

  it('makes exactly one of 20 parallel accepts the taker', async () => {
    const { dare, token } = await emailChallenge();
    const racers = await Promise.all(Array.from({ length: 20 }, () => registerUser(t.app)));
    // Each from their own address: the 19 losers' misses would count against a shared one.
    const results = await Promise.all(
      racers.map((racer, i) => accept(token, racer.cookie, `198.51.100.${i + 1}`)),
    );
    const won = results.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 404)).toHaveLength(19);
    const [after] = await t.app.ctx.db.select().from(dares).where(eq(dares.id, dare.id));
    expect(after!.takerId).toBe(won[0]!.json().takerId);
    const [row] = await t.app.ctx.db
      .select()
      .from(challengeInvitations)
      .where(eq(challengeInvitations.dareId, dare.id));
    expect(row!.usedBy).toBe(after!.takerId);
  });
});

describe('phone challenge invitations', () => {
  it('gives the creator the link once, and a new one that replaces it', async () => {
    const creator = await registerUser(t.app);
    const dare = await createChallenge(t.app, creator.cookie, 'phone', '+1 555 010 2233');
    expect(dare.invitationUrl).toMatch(/^http:\/\/localhost:3000\/invite\/[A-Za-z0-9_-]{43}$/);
    const first = tokenOf(dare.invitationUrl!);
    expect((await view(first)).json()).toMatchObject({ dareId: dare.id, channel: 'phone' });
    expect(await outboxTo('+1 555 010 2233')).toEqual([]);
    // Only the creator sees it: other reads of the dare carry no link.
    expect((await call('GET', `/api/dares/${dare.id}`)).json()).not.toHaveProperty('invitationUrl');

    const stranger = await registerUser(t.app);
    const refused = await call('POST', `/api/dares/${dare.id}/invitation`, stranger.cookie);
    expect(refused.statusCode).toBe(404);
    const reissued = await call('POST', `/api/dares/${dare.id}/invitation`, creator.cookie);
    expect(reissued.statusCode).toBe(200);
    const second = tokenOf(reissued.json().invitationUrl);
    expect(second).not.toBe(first);
    expect((await view(first)).json()).toEqual(INVALID);
    expect((await accept(first, stranger.cookie)).statusCode).toBe(404);

    const invited = await registerUser(t.app);
    expect((await accept(second, invited.cookie)).json()).toMatchObject({
      takerId: invited.user.id,
    });
    const afterAccept = await call('POST', `/api/dares/${dare.id}/invitation`, creator.cookie);
    expect(afterAccept.statusCode).toBe(409);
    expect(afterAccept.json()).toEqual({ message: 'Someone has already accepted this dare' });
  });

  it('has no invitation for a self dare', async () => {
    const creator = await registerUser(t.app);
    const [dare] = await t.app.ctx.db
      .insert(dares)
      .values({
        creatorId: creator.user.id,
        title: 'Self',
        description: 'Mine',
        targetAmountCents: 100,
        category: 'Social',
        takerId: creator.user.id,
        expiresAt: fundingDeadline(3, new Date()),
      })
      .returning();
    const response = await call('POST', `/api/dares/${dare!.id}/invitation`, creator.cookie);
    expect(response.statusCode).toBe(409);
  });
});

describe('guessing tokens', () => {
  it('is stopped per address after a number of misses; real links still work', async () => {
    const { token } = await emailChallenge();
    const address = '203.0.113.7';
    let status = 0;
    for (let i = 0; i <= INVITATION_MISSES_PER_WINDOW; i += 1) {
      const guess = `${'B'.repeat(40)}${String(i).padStart(3, '0')}`;
      status = (await call('GET', `/api/invitations/${guess}`, undefined, address)).statusCode;
      if (i < INVITATION_MISSES_PER_WINDOW) expect(status).toBe(404);
    }
    expect(status).toBe(429);
    expect((await call('GET', `/api/invitations/${token}`, undefined, address)).statusCode).toBe(
      200,
    );
    // Another address is not affected.
    expect((await call('GET', `/api/invitations/${'C'.repeat(43)}`)).statusCode).toBe(404);
  });
});

describe('/dev/mail', () => {
  it(
    'lists the outbox with each message in development, and does not exist otherwise',
    async () => {
      const dev = await createTestApp({ NODE_ENV: 'development', LOG_LEVEL: 'silent' });
      try {
        // Verified: challenging an address needs a proven one (issue 20).
        const { cookie } = await registerUser(dev.app, { email: 'dev-creator@example.com' });
        await createChallenge(dev.app, cookie, 'email', 'dev-friend@example.com');
        const page = await dev.app.inject({ url: '/dev/mail' });
        expect(page.statusCode).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.body).toContain('dev-friend@example.com');
        expect(page.body).toContain('dared you: &quot;Sing &lt;loudly&gt; &amp; proud&quot;');
        expect(page.body).not.toContain('<loudly>');
        expect(page.body).toMatch(/<a href="http:\/\/localhost:3000\/invite\/[A-Za-z0-9_-]{43}">/);
        expect(page.body).toContain('<iframe title="HTML part of message');
        expect(page.body).toContain('sandbox="allow-popups');
        const json = await dev.app.inject({ url: '/api/dev/mail' });
        // The creator's first-dare achievement is emailed too; the invitation is the other one.
        const items: { to: string; sentAt: string | null }[] = json.json().items;
        expect(items.find((item) => item.to === 'dev-friend@example.com')).toMatchObject({
          sentAt: null,
        });
      } finally {
        await dev.close();
      }

      const prod = await createTestApp({ NODE_ENV: 'production' });
      try {
        for (const url of ['/dev/mail', '/api/dev/mail']) {
          expect((await prod.app.inject({ url })).statusCode).toBe(404);
        }
      } finally {
        await prod.close();
      }
      expect((await t.app.inject({ url: '/dev/mail' })).statusCode).toBe(404);
    },
    APP_START_TIMEOUT,
  );
});

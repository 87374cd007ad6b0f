import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  challengeInvitations,
  dareRequests,
  dares,
  liveEvents,
  mailOutbox,
  notifications,
} from '@/server/db/schema';
import { drainOutbox } from '@/server/jobs/send-emails';
import { measureEveryone } from '@/server/modules/achievements/metrics';
import { expireDareRequests } from '@/server/modules/dare-requests/expire-requests';
import { challengePayload } from '../support/challenges';
import { dareRequestCalls } from '../support/dare-requests';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { createTestApp, type TestApp } from '../support/test-app';
import { DELIVERABLE_DOMAIN, registerUser, uniqueEmail } from '../support/users';

/**
 * Issue 19, item 13: an email challenge tells its creator the truth about the invitation
 * (emailed, or a link to send when no mailer is configured), and an account at the address
 * is told in the app and can accept it there, while the creator's answer never shows
 * whether the address has an account.
 */
let plain: TestApp;
let mailing: TestApp;
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
  [plain, mailing] = await Promise.all([
    createTestApp(),
    createTestApp({ SMTP_URL: sink.url, MAIL_FROM: 'Darefund <mail@darefund.test>' }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([plain?.close(), mailing?.close()]);
  await sink?.close();
});

type Created = Record<string, unknown> & {
  id: number;
  invitationDelivery?: 'email' | 'link';
  invitationUrl?: string;
};

async function challengeByEmail(t: TestApp, cookie: string, to: string): Promise<Created> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/dares',
    payload: challengePayload('email', to),
    headers: { cookie },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

/** Mail to an address, without the verification email its registration sent. */
const outboxTo = (t: TestApp, to: string) =>
  t.app.ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), ne(mailOutbox.kind, 'account')));
const tokenIn = (text: string) => /\/invite\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
const deliverable = (prefix: string) => uniqueEmail(prefix, DELIVERABLE_DOMAIN);

/** What the creator's answer is made of, without what is theirs or a clock's. */
const shapeOf = (answer: Created) => {
  const { id, createdAt, updatedAt, expiresAt, invitationUrl, ...rest } = answer;
  return { ...rest, invitationUrl: typeof invitationUrl };
};

const notificationsOf = (t: TestApp, userId: number) =>
  t.app.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), ne(notifications.kind, 'achievement_unlocked')));

describe('without a mailer (no SMTP_URL)', () => {
  it('answers the invitation link to send; the email still waits in the outbox', async () => {
    const creator = await registerUser(plain.app);
    const to = deliverable('friend');
    const answer = await challengeByEmail(plain, creator.cookie, to);
    expect(answer.invitationDelivery).toBe('link');
    expect(answer.invitationUrl).toMatch(/^http:\/\/localhost:3000\/invite\/[A-Za-z0-9_-]{43}$/);

    const emails = await outboxTo(plain, to);
    expect(emails).toHaveLength(1);
    expect(tokenIn(emails[0]!.text)).toBe(tokenIn(answer.invitationUrl!));
    const shown = await plain.app.inject({
      url: `/api/invitations/${tokenIn(answer.invitationUrl!)}`,
    });
    expect(shown.json()).toMatchObject({ dareId: answer.id, channel: 'email' });

    // Only the creator ever sees the link: the dare as anyone reads it carries none.
    const other = await registerUser(plain.app);
    for (const cookie of [undefined, other.cookie, creator.cookie]) {
      const read = await plain.app.inject({
        url: `/api/dares/${answer.id}`,
        headers: cookie ? { cookie } : {},
      });
      expect(read.statusCode).toBe(200);
      expect(read.json()).not.toHaveProperty('invitationUrl');
      expect(read.json()).not.toHaveProperty('invitationDelivery');
    }
  });
});

describe('with a mailer (SMTP_URL)', () => {
  it('says it was emailed and carries no link; the email is delivered', async () => {
    const creator = await registerUser(mailing.app);
    const to = deliverable('friend');
    const answer = await challengeByEmail(mailing, creator.cookie, to);
    expect(answer.invitationDelivery).toBe('email');
    expect(answer).not.toHaveProperty('invitationUrl');

    await drainOutbox(mailing.app.ctx);
    const delivered = sink.messages.filter((m) => m.envelopeTo.includes(to));
    expect(delivered).toHaveLength(1);
    expect(tokenIn(delivered[0]!.text)).toBeDefined();
  });

  it('offers the link for an address mail is never sent to (a reserved domain)', async () => {
    const creator = await registerUser(mailing.app);
    const answer = await challengeByEmail(mailing, creator.cookie, uniqueEmail('reserved'));
    expect(answer.invitationDelivery).toBe('link');
    expect(answer.invitationUrl).toMatch(/\/invite\/[A-Za-z0-9_-]{43}$/);
  });
});

describe('an address that has an account', () => {
  for (const [name, app] of [
    ['without a mailer', () => plain],
    ['with a mailer', () => mailing],
  ] as const) {
    it(`${name}: the account is notified and can accept it in the app; the creator's answer is the same as for a stranger`, async () => {
      const t = app();
      const api = dareRequestCalls(t.app);
      const creator = await registerUser(t.app, { displayName: 'Casey' });
      const friend = await registerUser(t.app, { email: deliverable('friend') });
      const stranger = deliverable('stranger');
      const toAccount = await challengeByEmail(t, creator.cookie, friend.email.toUpperCase());
      const toNobody = await challengeByEmail(t, creator.cookie, stranger);
      expect(shapeOf(toAccount)).toEqual(shapeOf(toNobody));
      // The creator's Sent list is the same either way: the challenge is not in it.
      expect((await api.list(creator.cookie, 'sent')).json()).toEqual([]);

      // One in-app notification, with its live event, naming the challenger.
      const told = await notificationsOf(t, friend.user.id);
      expect(told.map((n) => n.kind)).toEqual(['challenge_received']);
      const page = await t.app.inject({
        url: '/api/notifications',
        headers: { cookie: friend.cookie },
      });
      expect(page.json().items[0]).toMatchObject({
        kind: 'challenge_received',
        text: 'Casey challenged you: "Sing <loudly> & proud"',
        href: '/dare-requests',
      });
      const live = await t.app.ctx.db
        .select()
        .from(liveEvents)
        .where(and(eq(liveEvents.userId, friend.user.id), eq(liveEvents.kind, 'notification')));
      expect(live).toHaveLength(1);
      // One email to the address: the invitation, not a second copy of the notification.
      const emails = await outboxTo(t, friend.email.toUpperCase());
      expect(emails.map((e) => e.subject)).toEqual(['Casey dared you: "Sing <loudly> & proud"']);
      expect(await outboxTo(t, friend.email)).toEqual([]);

      // One request in Received, which accepting makes them the challenge's taker.
      const received = (await api.list(friend.cookie, 'received')).json();
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        status: 'pending',
        challenge: true,
        dareId: toAccount.id,
        dareTitle: 'Sing <loudly> & proud',
        targetAmount: 40,
        dareNeedsPitch: false,
        sender: { id: creator.user.id },
      });
      const accepted = await api.answer(friend.cookie, received[0].id, 'accept');
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({
        dareId: toAccount.id,
        request: { status: 'accepted', dareId: toAccount.id, dareNeedsPitch: false },
      });
      // A double tap is the same success.
      expect((await api.answer(friend.cookie, received[0].id, 'accept')).statusCode).toBe(200);
      const [dare] = await t.app.ctx.db.select().from(dares).where(eq(dares.id, toAccount.id));
      expect(dare).toMatchObject({ takerId: friend.user.id, acceptedBy: friend.user.id });
      // Nothing else was created: the challenge is the one dare.
      expect(
        await t.app.ctx.db.select().from(dares).where(eq(dares.creatorId, friend.user.id)),
      ).toEqual([]);
      const [invitation] = await t.app.ctx.db
        .select()
        .from(challengeInvitations)
        .where(eq(challengeInvitations.dareId, toAccount.id));
      expect(invitation!.usedBy).toBe(friend.user.id);
      expect((await notificationsOf(t, creator.user.id)).map((n) => n.kind)).toEqual([
        'challenge_accepted',
      ]);
      // The emailed link is used up with it.
      const token = tokenIn(emails[0]!.text)!;
      expect((await t.app.inject({ url: `/api/invitations/${token}` })).statusCode).toBe(404);
      // Nor does the creator's progress count a request they never sent.
      const sent = await measureEveryone(t.app.ctx.db, 'requests_sent');
      expect(sent.find((row) => row.userId === creator.user.id)).toBeUndefined();
    });
  }

  /** A challenge to a new account's address on the app without a mailer, and its link. */
  async function challengedAccount() {
    const creator = await registerUser(plain.app, { displayName: 'Casey' });
    const friend = await registerUser(plain.app, { displayName: 'Robin' });
    const answer = await challengeByEmail(plain, creator.cookie, friend.email);
    const token = tokenIn(answer.invitationUrl!)!;
    const [request] = (await dareRequestCalls(plain.app).list(friend.cookie, 'received')).json();
    return { creator, friend, dareId: answer.id, token, requestId: request.id as number };
  }
  const api = () => dareRequestCalls(plain.app);
  const invitationCall = (token: string, what: 'accept' | 'decline', cookie: string) =>
    plain.app.inject({
      method: 'POST',
      url: `/api/invitations/${token}/${what}`,
      headers: { cookie },
    });
  const dareRow = async (id: number) =>
    (await plain.app.ctx.db.select().from(dares).where(eq(dares.id, id)))[0]!;

  it('declining the request declines the invitation: the creator is told, the dare stays open', async () => {
    const { creator, friend, dareId, token, requestId } = await challengedAccount();
    const declined = await api().answer(friend.cookie, requestId, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', challenge: true });
    expect((await notificationsOf(plain, creator.user.id)).map((n) => n.kind)).toEqual([
      'challenge_declined',
    ]);
    expect((await plain.app.inject({ url: `/api/invitations/${token}` })).statusCode).toBe(404);
    expect(await dareRow(dareId)).toMatchObject({ takerId: null, status: 'pending' });
    const again = await api().answer(friend.cookie, requestId, 'accept');
    expect(again.statusCode).toBe(409);
  });

  it('accepting through the link closes the request: accepted for its recipient', async () => {
    const { friend, dareId, token, requestId } = await challengedAccount();
    expect((await invitationCall(token, 'accept', friend.cookie)).statusCode).toBe(200);
    const [request] = (await api().list(friend.cookie, 'received')).json();
    expect(request).toMatchObject({ id: requestId, status: 'accepted', dareId });
    // Tapping Accept in Dare Requests afterwards is the same success.
    expect((await api().answer(friend.cookie, requestId, 'accept')).statusCode).toBe(200);
    expect((await dareRow(dareId)).takerId).toBe(friend.user.id);
  });

  it('someone else taking the link leaves the request nothing to accept', async () => {
    const { friend, dareId, token, requestId } = await challengedAccount();
    const other = await registerUser(plain.app);
    expect((await invitationCall(token, 'accept', other.cookie)).statusCode).toBe(200);
    const [request] = (await api().list(friend.cookie, 'received')).json();
    expect(request).toMatchObject({ id: requestId, status: 'expired' });
    const late = await api().answer(friend.cookie, requestId, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ message: 'This dare request is no longer pending' });
    expect((await dareRow(dareId)).takerId).toBe(other.user.id);
  });

  it('a parallel accept through the request and through the link make one taker', async () => {
    const { friend, dareId, token, requestId } = await challengedAccount();
    const other = await registerUser(plain.app);
    const [byRequest, byLink] = await Promise.all([
      api().answer(friend.cookie, requestId, 'accept'),
      invitationCall(token, 'accept', other.cookie),
    ]);
    const codes = [byRequest.statusCode, byLink.statusCode].sort();
    expect([
      [200, 404],
      [200, 409],
    ]).toContainEqual(codes);
    const winner = byRequest.statusCode === 200 ? friend.user.id : other.user.id;
    expect(await dareRow(dareId)).toMatchObject({ takerId: winner, acceptedBy: winner });
    const [request] = (await api().list(friend.cookie, 'received')).json();
    expect(request.status).toBe(winner === friend.user.id ? 'accepted' : 'expired');
  });

  it('ends with the dare: past its deadline it reads expired, and its creator is not told of it', async () => {
    const { creator, friend, dareId, requestId } = await challengedAccount();
    const past = new Date(Date.now() - 1000);
    await plain.app.ctx.db.update(dares).set({ expiresAt: past }).where(eq(dares.id, dareId));
    await plain.app.ctx.db
      .update(dareRequests)
      .set({ expiresAt: past })
      .where(eq(dareRequests.id, requestId));
    expect(await expireDareRequests(plain.app.ctx, new Date())).toContain(requestId);
    const [request] = (await api().list(friend.cookie, 'received')).json();
    expect(request).toMatchObject({ id: requestId, status: 'expired' });
    expect(await notificationsOf(plain, creator.user.id)).toEqual([]);
    expect((await api().answer(friend.cookie, requestId, 'accept')).statusCode).toBe(409);
  });

  it('only the addressed account answers it: the creator gets 403, anyone else 404', async () => {
    const { creator, requestId } = await challengedAccount();
    expect((await api().answer(creator.cookie, requestId, 'accept')).statusCode).toBe(403);
    const other = await registerUser(plain.app);
    expect((await api().answer(other.cookie, requestId, 'accept')).statusCode).toBe(404);
  });
});

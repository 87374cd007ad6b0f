import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dareRequests, dares, jobs, mailOutbox, notifications } from '@/server/db/schema';
import { dareRequestCalls, requestBody } from '../support/dare-requests';
import { PNG_BYTES, toDataUrl } from '../support/fixtures';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser, uniqueEmail } from '../support/users';

let t: TestApp;
let api: ReturnType<typeof dareRequestCalls>;
beforeAll(async () => {
  t = await createTestApp();
  api = dareRequestCalls(t.app);
});
afterAll(async () => {
  await t.close();
});

const DAY = 24 * 60 * 60 * 1000;
const kindsOf = async (userId: number) =>
  (
    await t.app.ctx.db
      .select({ kind: notifications.kind, dareId: notifications.dareId })
      .from(notifications)
      .where(eq(notifications.userId, userId))
  ).map((row) => row.kind);

describe('POST /api/dare-requests', () => {
  it('sends a request to a user: pending for 7 days, in both lists, the recipient notified', async () => {
    const ann = await registerUser(t.app, { displayName: 'Ann' });
    const bo = await registerUser(t.app, { displayName: 'Bo' });
    const before = Date.now();
    const sent = await api.send(ann.cookie, requestBody({ recipientId: bo.user.id }));
    expect(sent.statusCode).toBe(201);
    const request = sent.json();
    expect(request).toMatchObject({
      status: 'pending',
      dareTitle: 'Sing in the rain',
      targetAmount: 15,
      category: 'Social',
      contentRating: 'G',
      recipientId: bo.user.id,
      sender: { id: ann.user.id, displayName: 'Ann' },
      recipient: { id: bo.user.id, displayName: 'Bo' },
      dareId: null,
    });
    const expiresIn = Date.parse(request.expiresAt) - before;
    expect(expiresIn).toBeGreaterThanOrEqual(7 * DAY - 1000);
    expect(expiresIn).toBeLessThan(7 * DAY + 60_000);
    // Public info only: no email or account details of either person.
    expect(Object.keys(request.sender).sort()).toEqual(
      ['displayName', 'id', 'profilePicture', 'username'].sort(),
    );

    const received = (await api.list(bo.cookie, 'received')).json();
    expect(received.map((r: { id: number }) => r.id)).toEqual([request.id]);
    expect((await api.list(ann.cookie, 'sent')).json()[0].id).toBe(request.id);
    expect((await api.list(ann.cookie, 'received')).json()).toEqual([]);
    expect(await kindsOf(bo.user.id)).toEqual(['dare_request_received']);
    // Its deadline is a job queued with it.
    const [job] = await t.app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `expire:dare-request:${request.id}`));
    expect(job?.runAt.toISOString()).toBe(request.expiresAt);
  });

  it('lists newest first and defaults to received', async () => {
    const ann = await registerUser(t.app);
    const bo = await registerUser(t.app);
    const first = (await api.send(ann.cookie, requestBody({ recipientId: bo.user.id }))).json();
    const second = (
      await api.send(ann.cookie, requestBody({ recipientId: bo.user.id, dareTitle: 'Second' }))
    ).json();
    const list = await t.app.inject({ url: '/api/dare-requests', headers: { cookie: bo.cookie } });
    expect(list.json().map((r: { id: number }) => r.id)).toEqual([second.id, first.id]);
    const bad = await t.app.inject({
      url: '/api/dare-requests?type=mine',
      headers: { cookie: bo.cookie },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers the sender the same whether or not the address has an account; the account holder gets it', async () => {
    const ann = await registerUser(t.app);
    const bo = await registerUser(t.app);
    const stranger = uniqueEmail('no.account');
    const toAccount = await api.send(
      ann.cookie,
      requestBody({ recipientEmail: bo.email.toUpperCase() }),
    );
    const toNobody = await api.send(ann.cookie, requestBody({ recipientEmail: stranger }));
    expect([toAccount.statusCode, toNobody.statusCode]).toEqual([201, 201]);
    // Everything that differs between the two answers is the sender's own input or a clock.
    const shape = (view: Record<string, unknown>) => {
      const { id, createdAt, expiresAt, recipientEmail, ...rest } = view;
      return rest;
    };
    expect(shape(toAccount.json())).toEqual(shape(toNobody.json()));
    expect(toAccount.json()).toMatchObject({
      recipientId: null,
      recipient: null,
      recipientEmail: bo.email.toUpperCase(),
    });
    const sent = (await api.list(ann.cookie, 'sent')).json() as Array<Record<string, unknown>>;
    expect(sent.map(shape)).toEqual([shape(toNobody.json()), shape(toAccount.json())]);

    // The address's owner is told in the app and answers it.
    expect(await kindsOf(bo.user.id)).toContain('dare_request_received');
    const received = (await api.list(bo.cookie, 'received')).json();
    expect(received.map((r: { id: number }) => r.id)).toEqual([toAccount.json().id]);
    expect((await api.answer(bo.cookie, toAccount.json().id, 'accept')).statusCode).toBe(200);
  });

  it('emails an address without an account; who signs up with it receives and answers it', async () => {
    const ann = await registerUser(t.app, { displayName: 'Ann' });
    const email = uniqueEmail('newcomer');
    const sent = await api.send(ann.cookie, requestBody({ recipientEmail: email }));
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ recipientId: null, recipientEmail: email });
    const [mail] = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mail?.subject).toBe('Ann sent you a dare request: "Sing in the rain"');
    expect(mail?.text).toContain('http://localhost:3000/dare-requests');

    const newcomer = await registerUser(t.app, { email: email.toUpperCase() });
    const received = (await api.list(newcomer.cookie, 'received')).json();
    expect(received.map((r: { id: number }) => r.id)).toEqual([sent.json().id]);
    const accepted = await api.answer(newcomer.cookie, sent.json().id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().request.recipientId).toBe(newcomer.user.id);
  });

  it("refuses with the spec's words", async () => {
    const ann = await registerUser(t.app);
    const bo = await registerUser(t.app);
    const refused = async (body: object, status = 400) => {
      const response = await api.send(ann.cookie, body);
      expect(response.statusCode).toBe(status);
      return response.json().message;
    };
    const to = { recipientId: bo.user.id };
    expect(await refused(requestBody({ ...to, dareTitle: '   ' }))).toBe(
      'Missing information: Please provide a title for the dare',
    );
    expect(await refused(requestBody({ ...to, targetAmount: 0 }))).toBe(
      'Invalid amount: Target amount must be greater than zero',
    );
    expect(await refused(requestBody({ ...to, targetAmount: -5 }))).toBe(
      'Invalid amount: Target amount must be greater than zero',
    );
    expect(await refused(requestBody({ ...to, targetAmount: 0.5 }))).toBe(
      'Invalid amount: The minimum target amount is $1',
    );
    expect(await refused(requestBody({ ...to, targetAmount: 1.005 }))).toBe(
      'Amounts can have at most 2 decimals',
    );
    expect(await refused(requestBody())).toBe(
      'Missing recipient: Please provide a recipient email address',
    );
    expect(await refused(requestBody({ recipientEmail: '' }))).toBe(
      'Missing recipient: Please provide a recipient email address',
    );
    expect(await refused(requestBody({ recipientEmail: 'not-an-email' }))).toBe(
      'Please enter a valid email address',
    );
    expect(await refused(requestBody({ ...to, category: 'Comedy' }))).toBe(
      'Please select a category',
    );
    expect(await refused(requestBody({ recipientId: ann.user.id }))).toBe(
      'You cannot send a dare request to yourself',
    );
    expect(await refused(requestBody({ recipientEmail: ann.email }))).toBe(
      'You cannot send a dare request to yourself',
    );
    expect(await refused(requestBody({ recipientId: 2_000_000_000 }), 404)).toBe('User not found');
    expect(await refused(requestBody({ ...to, coverImage: 'data:text/plain;base64,aGk=' }))).toBe(
      'Invalid File',
    );
    expect((await api.send(undefined, requestBody(to))).statusCode).toBe(401);
    const rows = await t.app.ctx.db
      .select()
      .from(dareRequests)
      .where(eq(dareRequests.senderId, ann.user.id));
    expect(rows).toEqual([]);
  });

  it('defaults to Social and G, and stores a cover image sent as a data URL as a file', async () => {
    const ann = await registerUser(t.app);
    const bo = await registerUser(t.app);
    const sent = await api.send(ann.cookie, {
      recipientId: bo.user.id,
      dareTitle: 'Cover',
      targetAmount: 1,
      coverImage: toDataUrl(PNG_BYTES, 'image/png'),
    });
    expect(sent.statusCode).toBe(201);
    const { coverImage, category, contentRating } = sent.json();
    expect({ category, contentRating }).toEqual({ category: 'Social', contentRating: 'G' });
    expect(coverImage).toMatch(/^\/media\/images\/.+\.png$/);
    const file = await t.app.inject({ url: coverImage });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });

  it('limits how many requests one user sends per hour', async () => {
    const ann = await registerUser(t.app);
    const bo = await registerUser(t.app);
    const results = [];
    for (let i = 0; i < 31; i += 1) {
      results.push(
        (await api.send(ann.cookie, requestBody({ recipientId: bo.user.id }))).statusCode,
      );
    }
    expect(results.filter((s) => s === 201)).toHaveLength(30);
    expect(results.at(-1)).toBe(429);
  });
});

describe('accept and decline', () => {
  async function pendingRequest(amount = 15) {
    const sender = await registerUser(t.app, { displayName: 'Sender Sue' });
    const recipient = await registerUser(t.app, { displayName: 'Recipient Rob' });
    const stranger = await registerUser(t.app);
    const sent = await api.send(
      sender.cookie,
      requestBody({ recipientId: recipient.user.id, targetAmount: amount }),
    );
    return { sender, recipient, stranger, id: sent.json().id as number };
  }

  it('accepting puts a sponsored dare on the recipient profile and notifies the sender', async () => {
    const { sender, recipient, id } = await pendingRequest(25);
    const response = await api.answer(recipient.cookie, id, 'accept');
    expect(response.statusCode).toBe(200);
    const { dareId, request } = response.json();
    expect(request).toMatchObject({ status: 'accepted', dareId });
    expect(request.respondedAt).not.toBeNull();

    const dare = (await t.app.inject({ url: `/api/dares/${dareId}` })).json();
    expect(dare).toMatchObject({
      title: 'Sing in the rain',
      description: 'A whole song, outside, while it pours.',
      targetAmount: 25,
      status: 'pending',
      dareType: 'self',
      creatorId: recipient.user.id,
      takerId: recipient.user.id,
      sponsoredBy: sender.user.id,
      sponsorshipRequestId: id,
      sponsor: { id: sender.user.id, displayName: 'Sender Sue' },
      pitchVideo: null,
    });
    const untilExpiry = Date.parse(dare.expiresAt) - Date.now();
    expect(untilExpiry).toBeGreaterThan(7 * DAY - 60_000);
    expect(untilExpiry).toBeLessThanOrEqual(7 * DAY);

    const profile = (await t.app.inject({ url: `/api/dares/user/${recipient.user.id}` })).json();
    expect(profile.items.map((d: { id: number }) => d.id)).toEqual([dareId]);
    expect(profile.items[0].sponsor.id).toBe(sender.user.id);

    const [note] = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, sender.user.id),
          eq(notifications.kind, 'dare_request_accepted'),
        ),
      );
    expect(note?.dareId).toBe(dareId);
    const listed = await t.app.inject({
      url: '/api/notifications',
      headers: { cookie: sender.cookie },
    });
    // (The sender's 'Challenge Taken' achievement is announced right after it.)
    const items = listed.json().items as { kind: string }[];
    expect(items.find((item) => item.kind === 'dare_request_accepted')).toMatchObject({
      text: 'Recipient Rob accepted your dare request "Sing in the rain"',
      href: `/fund/${dareId}`,
    });
    // The dare's own deadline is scheduled with it.
    const [job] = await t.app.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `expire:dare:${dareId}`));
    expect(job).toBeDefined();
    // Both lists show the outcome and the dare.
    const sent = (await api.list(sender.cookie, 'sent')).json();
    expect(sent[0]).toMatchObject({ id, status: 'accepted', dareId });
  });

  it('declining notifies the sender and creates no dare', async () => {
    const { sender, recipient, id } = await pendingRequest();
    const response = await api.answer(recipient.cookie, id, 'decline');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id, status: 'declined', dareId: null });
    expect(await kindsOf(sender.user.id)).toContain('dare_request_declined');
    const created = await t.app.ctx.db
      .select()
      .from(dares)
      .where(eq(dares.sponsorshipRequestId, id));
    expect(created).toEqual([]);
  });

  it('only the recipient answers: 403 for the sender, 404 for anyone else', async () => {
    const { sender, stranger, recipient, id } = await pendingRequest();
    for (const answer of ['accept', 'decline'] as const) {
      const bySender = await api.answer(sender.cookie, id, answer);
      expect(bySender.statusCode).toBe(403);
      expect(bySender.json().message).toBe(
        'Only the recipient can accept or decline this dare request',
      );
      const byStranger = await api.answer(stranger.cookie, id, answer);
      expect(byStranger.statusCode).toBe(404);
      expect(byStranger.json().message).toBe('Dare request not found');
      expect((await api.answer(recipient.cookie, 2_000_000_000, answer)).statusCode).toBe(404);
      expect((await api.answer(undefined, id, answer)).statusCode).toBe(401);
    }
    // Nothing changed; the stranger does not see it in any list.
    expect((await api.list(recipient.cookie, 'received')).json()[0].status).toBe('pending');
    expect((await api.list(stranger.cookie, 'received')).json()).toEqual([]);
  });

  it('answers 409 to the other answer once a request is no longer pending', async () => {
    const accepted = await pendingRequest();
    await api.answer(accepted.recipient.cookie, accepted.id, 'accept');
    const declined = await pendingRequest();
    await api.answer(declined.recipient.cookie, declined.id, 'decline');
    for (const [{ recipient, id }, answer] of [
      [accepted, 'decline'],
      [declined, 'accept'],
    ] as const) {
      const again = await api.answer(recipient.cookie, id, answer);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This dare request is no longer pending');
    }
    const created = await t.app.ctx.db
      .select()
      .from(dares)
      .where(eq(dares.sponsorshipRequestId, accepted.id));
    expect(created).toHaveLength(1);
  });

  it('the same answer again by the recipient is a success with the same result (a double tap)', async () => {
    const { sender, recipient, id } = await pendingRequest();
    const first = await api.answer(recipient.cookie, id, 'accept');
    const again = await api.answer(recipient.cookie, id, 'accept');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const declined = await pendingRequest();
    await api.answer(declined.recipient.cookie, declined.id, 'decline');
    const declinedAgain = await api.answer(declined.recipient.cookie, declined.id, 'decline');
    expect(declinedAgain.statusCode).toBe(200);
    expect(declinedAgain.json()).toMatchObject({ id: declined.id, status: 'declined' });
    // Nothing happened twice: one dare, one notice each.
    const created = await t.app.ctx.db
      .select()
      .from(dares)
      .where(eq(dares.sponsorshipRequestId, id));
    expect(created).toHaveLength(1);
    expect(
      (await kindsOf(sender.user.id)).filter((k) => k === 'dare_request_accepted'),
    ).toHaveLength(1);
    expect(
      (await kindsOf(declined.sender.user.id)).filter((k) => k === 'dare_request_declined'),
    ).toHaveLength(1);
    // Still only the recipient: the sender and strangers are told as before.
    expect((await api.answer(sender.cookie, id, 'accept')).statusCode).toBe(403);
  });

  it('20 parallel accepts create one dare and one notification, and all succeed', async () => {
    const { sender, recipient, id } = await pendingRequest();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => api.answer(recipient.cookie, id, 'accept')),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const created = await t.app.ctx.db
      .select()
      .from(dares)
      .where(eq(dares.sponsorshipRequestId, id));
    expect(created).toHaveLength(1);
    expect(new Set(results.map((r) => r.json().dareId))).toEqual(new Set([created[0]!.id]));
    expect(
      (await kindsOf(sender.user.id)).filter((k) => k === 'dare_request_accepted'),
    ).toHaveLength(1);
  });

  it('a parallel accept and decline resolve once', async () => {
    const { recipient, id } = await pendingRequest();
    const results = await Promise.all([
      api.answer(recipient.cookie, id, 'accept'),
      api.answer(recipient.cookie, id, 'decline'),
      api.answer(recipient.cookie, id, 'accept'),
      api.answer(recipient.cookie, id, 'decline'),
    ]);
    const [row] = await t.app.ctx.db.select().from(dareRequests).where(eq(dareRequests.id, id));
    // The winning answer, and its repeat, succeed; the other answer is refused.
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    const created = await t.app.ctx.db
      .select()
      .from(dares)
      .where(eq(dares.sponsorshipRequestId, id));
    expect(created).toHaveLength(row!.status === 'accepted' ? 1 : 0);
  });
});

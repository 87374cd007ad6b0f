import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES_PER_MINUTE } from '@/contracts/limits';
import { conversations } from '@/server/db/schema';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Cookie = string;
const calls = (app: FastifyInstance) => ({
  list: (cookie: Cookie) => app.inject({ url: '/api/conversations', headers: { cookie } }),
  start: (cookie: Cookie, participants: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { cookie },
      payload: { participants },
    }),
  messages: (cookie: Cookie, id: number, query = '') =>
    app.inject({ url: `/api/conversations/${id}/messages${query}`, headers: { cookie } }),
  send: (cookie: Cookie, id: number, content: unknown) =>
    app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      headers: { cookie },
      payload: { content },
    }),
  read: (cookie: Cookie, id: number) =>
    app.inject({ method: 'POST', url: `/api/conversations/${id}/read`, headers: { cookie } }),
});
let api: ReturnType<typeof calls>;
beforeAll(() => {
  api = calls(t.app);
});

/** Two fresh users and their conversation. */
async function pair() {
  const ann = await registerUser(t.app, { displayName: 'Ann' });
  const bo = await registerUser(t.app, { displayName: 'Bo' });
  const started = await api.start(ann.cookie, [bo.user.id]);
  expect(started.statusCode).toBe(201);
  return { ann, bo, id: started.json().id as number };
}

describe('POST /api/conversations', () => {
  it('creates a one-to-one conversation once and returns it again to either person', async () => {
    const { ann, bo, id } = await pair();
    const again = await api.start(ann.cookie, [bo.user.id]);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(id);
    const fromBo = await api.start(bo.cookie, [ann.user.id, bo.user.id]);
    expect(fromBo.statusCode).toBe(200);
    expect(fromBo.json()).toMatchObject({ id, lastMessage: null, unreadCount: 0 });
    const participants = fromBo.json().participants;
    expect(participants.map((p: { id: number }) => p.id).sort()).toEqual(
      [ann.user.id, bo.user.id].sort(),
    );
    // Public info only.
    expect(Object.keys(participants[0]).sort()).toEqual(
      ['displayName', 'id', 'profilePicture', 'username'].sort(),
    );
  });

  it('20 concurrent starts for the same pair make one conversation', async () => {
    const ann = await registerUser(t.app);
    const bo = await registerUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 ? api.start(ann.cookie, [bo.user.id]) : api.start(bo.cookie, [ann.user.id]),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200,
      201,
    ]);
    const ids = new Set(answers.map((a) => a.json().id));
    expect(ids.size).toBe(1);
    const rows = await t.app.ctx.db
      .select()
      .from(conversations)
      .where(eq(conversations.pairKey, [ann.user.id, bo.user.id].sort((a, b) => a - b).join(':')));
    expect(rows).toHaveLength(1);
    expect((await api.list(ann.cookie)).json()).toHaveLength(1);
  });

  it('refuses yourself, unknown users, groups and a missing list', async () => {
    const ann = await registerUser(t.app);
    const bo = await registerUser(t.app);
    const cy = await registerUser(t.app);
    const self = await api.start(ann.cookie, [ann.user.id]);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot start a conversation with yourself');
    const unknown = await api.start(ann.cookie, [2_000_000_000]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');
    const group = await api.start(ann.cookie, [bo.user.id, cy.user.id]);
    expect(group.statusCode).toBe(400);
    expect(group.json().message).toBe('A conversation is between you and one other person');
    expect((await api.start(ann.cookie, [])).statusCode).toBe(400);
    expect((await api.start(ann.cookie, 'x')).statusCode).toBe(400);
    expect((await api.list(ann.cookie)).json()).toEqual([]);
  });
});

describe('messages', () => {
  it('sends trimmed messages; the other sees them, unread until opened', async () => {
    const { ann, bo, id } = await pair();
    const sent = await api.send(ann.cookie, id, '  Hello Bo!  \n');
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      conversationId: id,
      senderId: ann.user.id,
      content: 'Hello Bo!',
      sender: { displayName: 'Ann', username: ann.user.username, profilePicture: null },
    });
    await api.send(ann.cookie, id, 'Are you there?');

    const boList = (await api.list(bo.cookie)).json();
    expect(boList).toHaveLength(1);
    expect(boList[0]).toMatchObject({
      id,
      unreadCount: 2,
      lastMessage: { content: 'Are you there?', senderId: ann.user.id },
    });
    // The sender's own messages are not unread for them.
    expect((await api.list(ann.cookie)).json()[0].unreadCount).toBe(0);

    // Opening the conversation marks it read.
    const page = (await api.messages(bo.cookie, id)).json();
    expect(page.items.map((m: { content: string }) => m.content)).toEqual([
      'Hello Bo!',
      'Are you there?',
    ]);
    expect(page.nextCursor).toBeNull();
    expect((await api.list(bo.cookie)).json()[0].unreadCount).toBe(0);
    // Ann now sees her messages as read.
    const annPage = (await api.messages(ann.cookie, id)).json();
    expect(annPage.items.every((m: { read: boolean }) => m.read)).toBe(true);

    await api.send(ann.cookie, id, 'One more');
    const unreadAgain = (await api.list(bo.cookie)).json()[0];
    expect(unreadAgain.unreadCount).toBe(1);
    const read = await api.read(bo.cookie, id);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unreadCount: 0 });
    expect((await api.list(bo.cookie)).json()[0].unreadCount).toBe(0);
  });

  it('lists conversations most recent first, each with its last message and unread count', async () => {
    const ann = await registerUser(t.app);
    const [bo, cy, di] = await Promise.all([
      registerUser(t.app),
      registerUser(t.app),
      registerUser(t.app),
    ]);
    const ids: number[] = [];
    for (const other of [bo, cy, di]) {
      const id = (await api.start(other.cookie, [ann.user.id])).json().id;
      ids.push(id);
    }
    await api.send(cy.cookie, ids[1]!, 'from cy');
    await api.send(bo.cookie, ids[0]!, 'from bo 1');
    await api.send(bo.cookie, ids[0]!, 'from bo 2');
    const list = (await api.list(ann.cookie)).json();
    expect(list.map((c: { id: number }) => c.id)).toEqual([ids[0], ids[1], ids[2]]);
    expect(list.map((c: { unreadCount: number }) => c.unreadCount)).toEqual([2, 1, 0]);
    expect(list[0].lastMessage.content).toBe('from bo 2');
    expect(list[2].lastMessage).toBeNull();
    const read = await api.read(ann.cookie, ids[0]!);
    expect(read.json()).toEqual({ unreadCount: 1 });
  });

  it('pages by cursor, newest page first', async () => {
    const { ann, bo, id } = await pair();
    for (let i = 1; i <= 5; i += 1) await api.send(i % 2 ? ann.cookie : bo.cookie, id, `m${i}`);
    const first = (await api.messages(bo.cookie, id, '?limit=2')).json();
    expect(first.items.map((m: { content: string }) => m.content)).toEqual(['m4', 'm5']);
    const second = (
      await api.messages(bo.cookie, id, `?limit=2&cursor=${first.nextCursor}`)
    ).json();
    expect(second.items.map((m: { content: string }) => m.content)).toEqual(['m2', 'm3']);
    const third = (
      await api.messages(bo.cookie, id, `?limit=2&cursor=${second.nextCursor}`)
    ).json();
    expect(third.items.map((m: { content: string }) => m.content)).toEqual(['m1']);
    expect(third.nextCursor).toBeNull();
    expect((await api.messages(bo.cookie, id, '?cursor=abc')).statusCode).toBe(400);
  });

  it('refuses blank and over-long messages in words', async () => {
    const { ann, id } = await pair();
    for (const blank of ['', '   ', '\n\t ']) {
      const response = await api.send(ann.cookie, id, blank);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Message cannot be empty');
    }
    const long = await api.send(ann.cookie, id, 'x'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Message must be at most 2000 characters');
    expect((await api.send(ann.cookie, id, `  ${'x'.repeat(2000)}  `)).statusCode).toBe(201);
    expect((await api.send(ann.cookie, id, 42)).statusCode).toBe(400);
    expect((await api.messages(ann.cookie, id)).json().items).toHaveLength(1);
  });

  it('answers 404 to anyone not in the conversation, for every route', async () => {
    const { ann, id } = await pair();
    await api.send(ann.cookie, id, 'private');
    const eve = await registerUser(t.app);
    for (const response of [
      await api.messages(eve.cookie, id),
      await api.send(eve.cookie, id, 'hi'),
      await api.read(eve.cookie, id),
      await api.messages(eve.cookie, 2_000_000_000),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Conversation not found');
    }
    expect((await api.list(eve.cookie)).json()).toEqual([]);
    expect((await api.messages(ann.cookie, id)).json().items).toHaveLength(1);
  });

  it('asks for a login', async () => {
    expect((await t.app.inject({ url: '/api/conversations' })).statusCode).toBe(401);
  });

  it('rate limits sending', async () => {
    const { ann, id } = await pair();
    for (let i = 0; i < MESSAGES_PER_MINUTE; i += 1) {
      expect((await api.send(ann.cookie, id, `m${i}`)).statusCode).toBe(201);
    }
    const limited = await api.send(ann.cookie, id, 'one too many');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('100 parallel sends from one person: exactly the budget of a minute is sent, the rest 429', async () => {
    const { ann, bo, id } = await pair();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => api.send(ann.cookie, id, `burst ${i}`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(MESSAGES_PER_MINUTE);
    expect(statuses.filter((status) => status === 429)).toHaveLength(100 - MESSAGES_PER_MINUTE);
    // Every message sent is stored once: Bo has exactly that many unread.
    const [list] = (await api.list(bo.cookie)).json();
    expect(list.unreadCount).toBe(MESSAGES_PER_MINUTE);
  });
});

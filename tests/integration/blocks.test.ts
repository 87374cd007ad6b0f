import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '@/contracts/moderation';
import { follows, userBlocks, users } from '@/server/db/schema';
import { blockCalls } from '../support/blocks';
import { commentApi } from '../support/comments';
import { dareRequestCalls, requestBody } from '../support/dare-requests';
import { createDare } from '../support/dares';
import { listableDare, listedIds, listsWith } from '../support/listings';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/** Issue 21 item 5: blocking is mutual silence. */
let t: TestApp;
let api: ReturnType<typeof blockCalls>;
beforeAll(async () => {
  t = await createTestApp();
  api = blockCalls(t.app);
});
afterAll(async () => {
  await t.close();
});

type Person = Awaited<ReturnType<typeof registerUser>>;
const follow = (who: Person, followedId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/follows',
    payload: { followedId },
    headers: { cookie: who.cookie },
  });
const startConversation = (who: Person, otherId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    payload: { participants: [otherId] },
    headers: { cookie: who.cookie },
  });
const sendMessage = (who: Person, conversationId: number, content = 'hello') =>
  t.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    payload: { content },
    headers: { cookie: who.cookie },
  });
async function counts(userId: number) {
  const [row] = await t.app.ctx.db
    .select({ followers: users.followerCount, following: users.followingCount })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

describe('POST|DELETE /api/users/{id}/block and GET /api/blocks', () => {
  it('answers 401 signed out, 400 for oneself, 404 for nobody or a deleted account', async () => {
    const me = await registerUser(t.app);
    const gone = await registerUser(t.app);
    await t.app.ctx.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, gone.user.id));
    expect((await api.block(undefined, me.user.id)).statusCode).toBe(401);
    expect((await api.unblock(undefined, me.user.id)).statusCode).toBe(401);
    expect((await api.list()).statusCode).toBe(401);
    for (const call of [api.block, api.unblock]) {
      expect((await call(me.cookie, me.user.id)).statusCode).toBe(400);
      expect((await call(me.cookie, 2_000_000_000)).statusCode).toBe(404);
      expect((await call(me.cookie, gone.user.id)).statusCode).toBe(404);
      expect((await call(me.cookie, 'abc')).statusCode).toBe(400);
    }
  });

  it('is idempotent both ways and lists the blocked people newest first', async () => {
    const me = await registerUser(t.app);
    const first = await registerUser(t.app, { displayName: 'First' });
    const second = await registerUser(t.app, { displayName: 'Second' });
    for (let i = 0; i < 2; i++) {
      const blocked = await api.block(me.cookie, first.user.id);
      expect(blocked.statusCode).toBe(200);
      expect(blocked.json()).toEqual({ blocked: true });
    }
    await api.block(me.cookie, second.user.id);
    const rows = await t.app.ctx.db
      .select()
      .from(userBlocks)
      .where(eq(userBlocks.blockerId, me.user.id));
    expect(rows).toHaveLength(2);
    const list = (await api.list(me.cookie)).json();
    expect(list.blocks.map((b: { user: { id: number } }) => b.user.id)).toEqual([
      second.user.id,
      first.user.id,
    ]);
    expect(list.blocks[0]).toMatchObject({ user: { displayName: 'Second' } });
    // Nobody else's list.
    expect((await api.list(first.cookie)).json()).toEqual({ blocks: [] });

    for (let i = 0; i < 2; i++) {
      const unblocked = await api.unblock(me.cookie, first.user.id);
      expect(unblocked.statusCode).toBe(200);
      expect(unblocked.json()).toEqual({ blocked: false });
    }
    expect((await api.list(me.cookie)).json().blocks).toHaveLength(1);
    // The profile says who the viewer blocked.
    const profile = (id: number) =>
      t.app.inject({ url: `/api/users/${id}`, headers: { cookie: me.cookie } });
    expect((await profile(second.user.id)).json().isBlocked).toBe(true);
    expect((await profile(first.user.id)).json().isBlocked).toBe(false);
  });

  it('ends the follows between the two, both ways, with the counters right', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const c = await registerUser(t.app);
    await follow(a, b.user.id);
    await follow(b, a.user.id);
    await follow(c, a.user.id);
    expect(await counts(a.user.id)).toEqual({ followers: 2, following: 1 });

    expect((await api.block(a.cookie, b.user.id)).statusCode).toBe(200);
    const between = await t.app.ctx.db
      .select()
      .from(follows)
      .where(eq(follows.followedId, b.user.id));
    expect(between).toEqual([]);
    expect(await counts(a.user.id)).toEqual({ followers: 1, following: 0 });
    expect(await counts(b.user.id)).toEqual({ followers: 0, following: 0 });
    // Unblocking does not bring them back.
    await api.unblock(a.cookie, b.user.id);
    expect(await counts(b.user.id)).toEqual({ followers: 0, following: 0 });
  });
});

describe('a blocked pair', () => {
  it('cannot follow, message, request or comment toward each other (403)', async () => {
    const blocker = await registerUser(t.app);
    const blocked = await registerUser(t.app);
    const blockerDare = await createDare(t.app.ctx.db, { creatorId: blocker.user.id });
    const blockedDare = await createDare(t.app.ctx.db, { creatorId: blocked.user.id });
    const conversation = (await startConversation(blocked, blocker.user.id)).json();
    expect(conversation.id).toBeGreaterThan(0);
    await api.block(blocker.cookie, blocked.user.id);

    const refusals = {
      follow: await follow(blocked, blocker.user.id),
      'follow back': await follow(blocker, blocked.user.id),
      'start conversation': await startConversation(blocked, blocker.user.id),
      message: await sendMessage(blocked, conversation.id),
      'message back': await sendMessage(blocker, conversation.id),
      request: await dareRequestCalls(t.app).send(
        blocked.cookie,
        requestBody({ recipientId: blocker.user.id }),
      ),
      comment: await commentApi(t.app).post(blockerDare.id, blocked.cookie, { content: 'hi' }),
      'comment back': await commentApi(t.app).post(blockedDare.id, blocker.cookie, {
        content: 'hi',
      }),
    };
    for (const [what, response] of Object.entries(refusals)) {
      expect(response.statusCode, what).toBe(403);
      expect(response.json().message, what).toBe(MODERATION_MESSAGES.blocked);
    }
    expect(await commentApi(t.app).count(blockerDare.id)).toBe(0);
    expect(await counts(blocker.user.id)).toEqual({ followers: 0, following: 0 });

    // Unblocked, they may again.
    await api.unblock(blocker.cookie, blocked.user.id);
    expect((await follow(blocked, blocker.user.id)).statusCode).toBe(200);
    expect((await sendMessage(blocked, conversation.id)).statusCode).toBe(201);
    expect(
      (await commentApi(t.app).post(blockerDare.id, blocked.cookie, { content: 'hi' })).statusCode,
    ).toBe(201);
  });

  it("see neither the other's dares (feeds, search) nor comments nor name in search", async () => {
    const db = t.app.ctx.db;
    const word = 'quokkablock';
    const a = await registerUser(t.app, { displayName: 'Quokkablock Anna' });
    const b = await registerUser(t.app, { displayName: 'Quokkablock Ben' });
    const other = await registerUser(t.app);
    const aDare = await listableDare(db, { creatorId: a.user.id, word });
    const bDare = await listableDare(db, { creatorId: b.user.id, word });
    const third = await createDare(db, { creatorId: other.user.id });
    const comments = commentApi(t.app);
    await comments.add(third.id, a.cookie, 'from a');
    await comments.add(third.id, b.cookie, 'from b');
    await comments.add(third.id, other.cookie, 'from other');
    // b blocks a: both directions go silent.
    await api.block(b.cookie, a.user.id);

    const people = async (who: Person) =>
      (
        await t.app.inject({
          url: '/api/search?type=people&q=quokkablock',
          headers: { cookie: who.cookie },
          remoteAddress: '10.88.0.1',
        })
      )
        .json()
        .items.map((p: { id: number }) => p.id);
    for (const [viewer, self, them, theirDare] of [
      [a, a, b, bDare],
      [b, b, a, aDare],
    ] as const) {
      const lists = await listedIds(t.app, { cookie: viewer.cookie, word, userId: them.user.id });
      expect(listsWith(lists, theirDare.id), 'their dare').toEqual([]);
      const texts = (await comments.list(third.id, viewer.cookie)).map((c) => c.content);
      expect(texts.sort()).toEqual([`from ${self === a ? 'a' : 'b'}`, 'from other'].sort());
      expect(await people(viewer)).not.toContain(them.user.id);
      expect(await people(viewer)).toContain(self.user.id);
    }
    // Everybody else still sees both.
    const seen = await listedIds(t.app, { cookie: other.cookie, word, userId: a.user.id });
    expect(listsWith(seen, aDare.id)).toContain('feed');
    expect(seen.search).toEqual(expect.arrayContaining([aDare.id, bDare.id]));
    expect(await comments.list(third.id)).toHaveLength(3);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Leaderboard } from '@/contracts/leaderboards';
import { comments, dareSaves, messages, payouts } from '@/server/db/schema';
import { commentApi } from '../support/comments';
import { createDare } from '../support/dares';
import { listableDare, listedIds, listsWith, moderate } from '../support/listings';
import { addAuthorizedPledge } from '../support/pledges';
import { reportableContent } from '../support/report-targets';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/**
 * Issue 21 items 2 and 4: what is under review or removed, and what suspended or hidden
 * people made, leaves every list (the owner's own list keeps an under-review dare).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const EVERY_LIST = [
  'feed',
  'public',
  'user',
  'search',
  'feed active',
  'trending hot',
  'trending rising',
  'trending popular',
  'trending featured',
];
const HOUR = 60 * 60 * 1000;

describe('hidden, removed and suspended dares in lists', () => {
  it.each([
    ['under review', 'dare under_review'],
    ['removed', 'dare removed'],
    ['by a suspended creator', 'suspended'],
    ['by a creator suspended until later', 'suspended until'],
    ['by a hidden creator', 'hidden creator'],
  ])('leaves a dare %s out of every list, saved too', async (_, kind) => {
    const db = t.app.ctx.db;
    const word = `vanish${kind.replace(/\W/g, '')}`;
    const owner = await registerUser(t.app);
    const viewer = await registerUser(t.app);
    const dare = await listableDare(db, { creatorId: owner.user.id, word });
    await db.insert(dareSaves).values({ userId: viewer.user.id, dareId: dare.id });
    const lists = { word, userId: owner.user.id };
    expect(listsWith(await listedIds(t.app, { ...lists, cookie: viewer.cookie }), dare.id)).toEqual(
      [...EVERY_LIST, 'saved'],
    );

    if (kind === 'dare under_review') await moderate.dare(t.app, dare.id, 'under_review');
    if (kind === 'dare removed') await moderate.dare(t.app, dare.id, 'removed');
    if (kind === 'suspended') await moderate.suspend(t.app, owner.user.id);
    if (kind === 'suspended until') {
      await moderate.suspend(t.app, owner.user.id, new Date(Date.now() + HOUR));
    }
    if (kind === 'hidden creator') await moderate.hideUser(t.app, owner.user.id);
    for (const cookie of [undefined, viewer.cookie]) {
      expect(listsWith(await listedIds(t.app, { ...lists, cookie }), dare.id)).toEqual([]);
    }
    // The owner's own list keeps a dare under review (it shows 'Under review'), nothing else.
    if (kind.startsWith('dare')) {
      const own = await listedIds(t.app, { ...lists, cookie: owner.cookie });
      expect(listsWith(own, dare.id)).toEqual(kind === 'dare under_review' ? ['user'] : []);
    }
  });

  it('lists a dare again when its creator’s suspension has run out', async () => {
    const db = t.app.ctx.db;
    const word = 'suspensionover';
    const owner = await registerUser(t.app);
    const dare = await listableDare(db, { creatorId: owner.user.id, word });
    await moderate.suspend(t.app, owner.user.id, new Date(Date.now() - 1000));
    const seen = await listedIds(t.app, { word, userId: owner.user.id });
    expect(listsWith(seen, dare.id)).toEqual(EVERY_LIST);
  });

  it("leaves a hidden dare's pledges and payouts, and suspended people, off the leaderboards", async () => {
    const db = t.app.ctx.db;
    const creator = await registerUser(t.app);
    const backer = await registerUser(t.app);
    const suspendedBacker = await registerUser(t.app);
    const dare = await createDare(db, {
      creatorId: creator.user.id,
      targetAmountCents: 10_000_000,
    });
    const hidden = await createDare(db, {
      creatorId: creator.user.id,
      targetAmountCents: 10_000_000,
    });
    await addAuthorizedPledge(db, {
      userId: backer.user.id,
      dareId: dare.id,
      amountCents: 100_000,
    });
    await addAuthorizedPledge(db, {
      userId: backer.user.id,
      dareId: hidden.id,
      amountCents: 900_000,
    });
    await addAuthorizedPledge(db, {
      userId: suspendedBacker.user.id,
      dareId: dare.id,
      amountCents: 5_000_000,
    });
    await db.insert(payouts).values({
      dareId: hidden.id,
      takerId: creator.user.id,
      amountCents: 7_000_000,
      status: 'paid',
      paidAt: new Date(),
    });
    const board = async (name: string) =>
      (
        (
          await t.app.inject({ url: `/api/leaderboards?board=${name}&period=all` })
        ).json() as Leaderboard
      ).entries.map((entry) => [entry.user.id, entry.value]);
    expect(await board('backers')).toContainEqual([backer.user.id, 10_000]);
    expect(await board('earners')).toContainEqual([creator.user.id, 70_000]);

    await moderate.dare(t.app, hidden.id, 'under_review');
    await moderate.suspend(t.app, suspendedBacker.user.id);
    const backers = await board('backers');
    expect(backers).toContainEqual([backer.user.id, 1000]);
    expect(backers.map(([id]) => id)).not.toContain(suspendedBacker.user.id);
    expect((await board('earners')).map(([id]) => id)).not.toContain(creator.user.id);
  });
});

describe('hidden comments, messages and people', () => {
  it('leaves out comments under review or removed and those of suspended or hidden authors', async () => {
    const db = t.app.ctx.db;
    const api = commentApi(t.app);
    const owner = await registerUser(t.app);
    const [kept, underReview, removed, suspended, hidden] = await Promise.all(
      Array.from({ length: 5 }, () => registerUser(t.app)),
    );
    const dare = await createDare(db, { creatorId: owner.user.id });
    const top = await api.add(dare.id, kept!.cookie, 'kept');
    await api.add(dare.id, underReview!.cookie, 'under review');
    const removedReply = await api.add(dare.id, removed!.cookie, 'removed reply', top.id);
    await api.add(dare.id, suspended!.cookie, 'by suspended', top.id);
    await api.add(dare.id, hidden!.cookie, 'by hidden');
    await api.add(dare.id, kept!.cookie, 'kept reply', top.id);

    await db
      .update(comments)
      .set({ moderationState: 'under_review' })
      .where(eq(comments.content, 'under review'));
    await db
      .update(comments)
      .set({ moderationState: 'removed' })
      .where(eq(comments.id, removedReply.id));
    await moderate.suspend(t.app, suspended!.user.id);
    await moderate.hideUser(t.app, hidden!.user.id);

    for (const cookie of [undefined, owner.cookie, underReview!.cookie]) {
      const shown = await api.list(dare.id, cookie);
      expect(shown.map((c) => c.content)).toEqual(['kept']);
      expect(shown[0]!.replies.map((c) => c.content)).toEqual(['kept reply']);
    }
    // The dare's count is left as it is.
    expect(await api.count(dare.id)).toBe(6);
  });

  it("hides a message under review, and a suspended sender's, from the other participant", async () => {
    const db = t.app.ctx.db;
    const sender = await registerUser(t.app);
    const reader = await registerUser(t.app);
    const { message } = await reportableContent(t, sender.user.id, reader.user.id);
    const conversationId = message.conversationId;
    const [second] = await db
      .insert(messages)
      .values({ conversationId, senderId: sender.user.id, content: 'second' })
      .returning();
    const view = async (who: { cookie: string }) => {
      const page = await t.app.inject({
        url: `/api/conversations/${conversationId}/messages?cursor=2147483647`,
        headers: { cookie: who.cookie },
      });
      const list = await t.app.inject({
        url: '/api/conversations',
        headers: { cookie: who.cookie },
      });
      return {
        contents: page.json().items.map((m: { content: string }) => m.content),
        last: list.json()[0]?.lastMessage?.content ?? null,
        unread: list.json()[0]?.unreadCount,
      };
    };
    expect(await view(reader)).toMatchObject({
      contents: ['hello', 'second'],
      last: 'second',
      unread: 2,
    });

    await db
      .update(messages)
      .set({ moderationState: 'under_review' })
      .where(eq(messages.id, second!.id));
    expect(await view(reader)).toMatchObject({ contents: ['hello'], last: 'hello', unread: 1 });
    // The sender still sees their own message.
    expect((await view(sender)).contents).toEqual(['hello', 'second']);

    await moderate.suspend(t.app, sender.user.id);
    expect(await view(reader)).toMatchObject({ contents: [], last: null, unread: 0 });
  });

  it('answers 404 for a suspended or hidden profile and leaves them out of search and follower lists', async () => {
    const viewer = await registerUser(t.app);
    const suspended = await registerUser(t.app, { displayName: 'Wombatvisible Sue' });
    const hidden = await registerUser(t.app, { displayName: 'Wombatvisible Hal' });
    const plain = await registerUser(t.app, { displayName: 'Wombatvisible Pat' });
    for (const follower of [suspended, hidden, plain]) {
      await t.app.inject({
        method: 'POST',
        url: '/api/follows',
        payload: { followedId: viewer.user.id },
        headers: { cookie: follower.cookie },
      });
    }
    await moderate.suspend(t.app, suspended.user.id);
    await moderate.hideUser(t.app, hidden.user.id);

    for (const person of [suspended, hidden]) {
      for (const cookie of [undefined, viewer.cookie]) {
        const profile = await t.app.inject({
          url: `/api/users/${person.user.id}`,
          headers: cookie ? { cookie } : {},
        });
        expect(profile.statusCode).toBe(404);
      }
    }
    // A hidden account still sees its own profile.
    const own = await t.app.inject({
      url: `/api/users/${hidden.user.id}`,
      headers: { cookie: hidden.cookie },
    });
    expect(own.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/users/${plain.user.id}` })).statusCode).toBe(200);

    const ids = (response: { json: () => { items?: { id: number }[] } | { id: number }[] }) => {
      const body = response.json();
      return (Array.isArray(body) ? body : body.items!).map((p) => p.id);
    };
    const search = await t.app.inject({
      url: '/api/search?type=people&q=wombatvisible',
      remoteAddress: '10.99.0.1',
    });
    expect(ids(search)).toEqual([plain.user.id]);
    const users = await t.app.inject({
      url: '/api/users?q=wombatvisible',
      headers: { cookie: viewer.cookie },
    });
    expect(ids(users)).toEqual([plain.user.id]);
    const followers = await t.app.inject({ url: `/api/users/${viewer.user.id}/followers` });
    expect(ids(followers)).toEqual([plain.user.id]);
  });
});

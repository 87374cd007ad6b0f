import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments } from '@/server/db/schema';
import { commentApi } from '../support/comments';
import { createDare } from '../support/dares';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

let t: TestApp;
let creatorId: number;
let api: ReturnType<typeof commentApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = commentApi(t.app);
  creatorId = (await registerUser(t.app)).user.id;
});
afterAll(async () => {
  await t.close();
});

const newDare = () => createDare(t.app.ctx.db, { creatorId });

describe('POST /api/dares/:id/comments', () => {
  it('stores a trimmed comment and answers 201 with its view', async () => {
    const dare = await newDare();
    const { cookie, user } = await registerUser(t.app, { displayName: 'Commenter' });
    const response = await api.post(dare.id, cookie, { content: '  Nice dare!  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      dareId: dare.id,
      parentId: null,
      content: 'Nice dare!',
      likeCount: 0,
      isLiked: false,
      replies: [],
      user: { id: user.id, username: user.username, displayName: 'Commenter' },
    });
    expect(await api.count(dare.id)).toBe(1);
  });

  it.each([
    ['an empty comment', { content: '' }, 'Comment cannot be empty'],
    ['a whitespace-only comment', { content: ' \n\t ' }, 'Comment cannot be empty'],
    ['a missing content', {}, 'Comment cannot be empty'],
    ['501 characters', { content: 'x'.repeat(501) }, 'Comment cannot exceed 500 characters'],
  ])('refuses %s with 400 and stores nothing', async (_label, payload, message) => {
    const dare = await newDare();
    const { cookie } = await registerUser(t.app);
    const response = await api.post(dare.id, cookie, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(await t.app.ctx.db.select().from(comments).where(eq(comments.dareId, dare.id))).toEqual(
      [],
    );
    expect(await api.count(dare.id)).toBe(0);
  });

  it('needs a session (401 even before validation) and a real dare (404)', async () => {
    const dare = await newDare();
    expect((await api.post(dare.id, undefined, { content: 'hi' })).statusCode).toBe(401);
    expect((await api.post(dare.id, undefined, { content: '' })).statusCode).toBe(401);
    const { cookie } = await registerUser(t.app);
    const missing = await api.post(999999, cookie, { content: 'hi' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Dare not found' });
  });

  it('refuses a parent from another dare (400) or an unknown one (404)', async () => {
    const [dare, other] = [await newDare(), await newDare()];
    const { cookie } = await registerUser(t.app);
    const elsewhere = await api.add(other.id, cookie, 'over there');
    const wrong = await api.post(dare.id, cookie, { content: 'reply', parentId: elsewhere.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'You can only reply to a comment on the same dare' });
    const unknown = await api.post(dare.id, cookie, { content: 'reply', parentId: 999999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: 'The comment you are replying to no longer exists',
    });
    expect(await api.count(dare.id)).toBe(0);
  });
});

describe('GET /api/dares/:id/comments', () => {
  it('lists threads newest first with replies oldest first; a reply to a reply joins the thread', async () => {
    const dare = await newDare();
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const first = await api.add(dare.id, a.cookie, 'first');
    const second = await api.add(dare.id, b.cookie, 'second');
    const r1 = await api.add(dare.id, b.cookie, 'reply one', first.id);
    const r2 = await api.add(dare.id, a.cookie, 'reply to reply', r1.id);
    expect(r2.parentId).toBe(first.id);

    const threads = await api.list(dare.id);
    expect(threads.map((c) => c.content)).toEqual(['second', 'first']);
    expect(threads[0]!.replies).toEqual([]);
    expect(threads[1]!.replies.map((c) => [c.content, c.parentId])).toEqual([
      ['reply one', first.id],
      ['reply to reply', first.id],
    ]);
    expect(threads[1]!.replies[0]!.user.id).toBe(b.user.id);
    expect(second.user.id).toBe(b.user.id);
    expect(await api.count(dare.id)).toBe(4);
  });

  it('pages top-level comments with before and limit', async () => {
    const dare = await newDare();
    const { cookie } = await registerUser(t.app);
    for (const n of [1, 2, 3, 4, 5]) await api.add(dare.id, cookie, `c${n}`);
    const page1 = await api.list(dare.id, undefined, '?limit=2');
    expect(page1.map((c) => c.content)).toEqual(['c5', 'c4']);
    const page2 = await api.list(dare.id, undefined, `?limit=2&before=${page1[1]!.id}`);
    expect(page2.map((c) => c.content)).toEqual(['c3', 'c2']);
    const page3 = await api.list(dare.id, undefined, `?limit=2&before=${page2[1]!.id}`);
    expect(page3.map((c) => c.content)).toEqual(['c1']);
  });

  it('answers 404 for an unknown dare', async () => {
    const response = await t.app.inject({ url: '/api/dares/999999/comments' });
    expect(response.statusCode).toBe(404);
  });
});

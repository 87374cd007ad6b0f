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

describe('comment likes', () => {
  it('toggles idempotently and shows isLiked to the viewer only', async () => {
    const dare = await newDare();
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const top = await api.add(dare.id, a.cookie, 'like me');
    const reply = await api.add(dare.id, a.cookie, 'me too', top.id);

    expect((await api.like(top.id, undefined)).statusCode).toBe(401);
    expect((await api.like(top.id, b.cookie)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await api.like(top.id, b.cookie)).json()).toEqual({ liked: true, likeCount: 1 });
    expect((await api.like(top.id, a.cookie)).json()).toEqual({ liked: true, likeCount: 2 });
    expect((await api.like(reply.id, b.cookie)).json()).toEqual({ liked: true, likeCount: 1 });

    const forB = await api.list(dare.id, b.cookie);
    expect(forB[0]).toMatchObject({ likeCount: 2, isLiked: true });
    expect(forB[0]!.replies[0]).toMatchObject({ likeCount: 1, isLiked: true });
    const forAnonymous = await api.list(dare.id);
    expect(forAnonymous[0]).toMatchObject({ likeCount: 2, isLiked: false });

    expect((await api.like(top.id, b.cookie, 'DELETE')).json()).toEqual({
      liked: false,
      likeCount: 1,
    });
    expect((await api.like(top.id, b.cookie, 'DELETE')).json()).toEqual({
      liked: false,
      likeCount: 1,
    });
    expect((await api.like(999999, b.cookie)).statusCode).toBe(404);
  });
});

describe('DELETE /api/comments/:id', () => {
  it('lets only the author delete; replies go too and the count stays true', async () => {
    const dare = await newDare();
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const top = await api.add(dare.id, a.cookie, 'thread');
    await api.add(dare.id, b.cookie, 'reply b', top.id);
    const replyA = await api.add(dare.id, a.cookie, 'reply a', top.id);
    const other = await api.add(dare.id, b.cookie, 'other');
    expect(await api.count(dare.id)).toBe(4);

    expect((await api.remove(top.id)).statusCode).toBe(401);
    const refused = await api.remove(top.id, b.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You can only delete your own comments' });
    expect(await api.count(dare.id)).toBe(4);

    expect((await api.remove(replyA.id, a.cookie)).statusCode).toBe(204);
    expect(await api.count(dare.id)).toBe(3);
    expect((await api.remove(top.id, a.cookie)).statusCode).toBe(204);
    expect(await api.count(dare.id)).toBe(1);
    expect((await api.list(dare.id)).map((c) => c.id)).toEqual([other.id]);

    const again = await api.remove(top.id, a.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Comment not found' });
  });

  it('keeps the count true under concurrent replies and a thread delete', async () => {
    const dare = await newDare();
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const top = await api.add(dare.id, a.cookie, 'busy thread');
    const results = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        api.post(dare.id, b.cookie, { content: `r${i}`, parentId: top.id }),
      ),
      api.remove(top.id, a.cookie),
      ...Array.from({ length: 4 }, (_, i) => api.post(dare.id, b.cookie, { content: `t${i}` })),
    ]);
    expect(results.every((r) => [201, 204, 404].includes(r.statusCode))).toBe(true);
    const stored = await t.app.ctx.db.select().from(comments).where(eq(comments.dareId, dare.id));
    expect(await api.count(dare.id)).toBe(stored.length);
    expect(stored.some((c) => c.id === top.id || c.parentId === top.id)).toBe(false);
  });

  it('never fails on likes racing a thread delete', async () => {
    const dare = await newDare();
    const a = await registerUser(t.app);
    const likers = await Promise.all([1, 2, 3, 4].map(() => registerUser(t.app)));
    const top = await api.add(dare.id, a.cookie, 'going away');
    const reply = await api.add(dare.id, likers[0]!.cookie, 'me too', top.id);
    const likes = likers.flatMap((u) => [top.id, reply.id].map((id) => api.like(id, u.cookie)));
    const results = await Promise.all([...likes, api.remove(top.id, a.cookie)]);
    expect(results.map((r) => r.statusCode).filter((s) => ![200, 204, 404].includes(s))).toEqual(
      [],
    );
    expect(await api.count(dare.id)).toBe(0);
  });
});

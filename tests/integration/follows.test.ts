import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followNotices, follows, notifications, users } from '@/server/db/schema';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Person = Awaited<ReturnType<typeof registerUser>>;

const followUser = (who: Person, followedId: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/follows',
    payload: { followedId },
    headers: { cookie: who.cookie },
  });
const unfollowUser = (who: Person, userId: number | string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/follows/${userId}`,
    headers: { cookie: who.cookie },
  });
const get = (url: string, who?: Person) =>
  t.app.inject({ url, ...(who ? { headers: { cookie: who.cookie } } : {}) });

async function counts(userId: number) {
  const [row] = await t.app.ctx.db
    .select({ followers: users.followerCount, following: users.followingCount })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

const followerNotices = (userId: number) =>
  t.app.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'new_follower')));

describe('POST /api/follows and DELETE /api/follows/{userId}', () => {
  it('follows and unfollows, twice each, with the counts moving once', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);

    for (let i = 0; i < 2; i += 1) {
      const res = await followUser(a, b.user.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        followedId: b.user.id,
        isFollowing: true,
        followerCount: 1,
        followingCount: 0,
      });
    }
    expect(await counts(b.user.id)).toEqual({ followers: 1, following: 0 });
    expect(await counts(a.user.id)).toEqual({ followers: 0, following: 1 });

    const profile = (await get(`/api/users/${b.user.id}`, a)).json();
    expect(profile).toMatchObject({ followerCount: 1, followingCount: 0, isFollowing: true });
    const anonymous = (await get(`/api/users/${b.user.id}`)).json();
    expect(anonymous).toMatchObject({ followerCount: 1, isFollowing: false });
    const me = (await get('/api/user', a)).json();
    expect(me).toMatchObject({ followerCount: 0, followingCount: 1 });

    for (let i = 0; i < 2; i += 1) {
      const res = await unfollowUser(a, b.user.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ isFollowing: false, followerCount: 0 });
    }
    expect(await counts(b.user.id)).toEqual({ followers: 0, following: 0 });
    expect(await counts(a.user.id)).toEqual({ followers: 0, following: 0 });
    expect((await get(`/api/users/${b.user.id}`, a)).json()).toMatchObject({
      isFollowing: false,
    });
  });

  it('refuses to follow yourself (400) and unknown people (404); needs a session', async () => {
    const a = await registerUser(t.app);
    const self = await followUser(a, a.user.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You cannot follow yourself' });
    expect((await unfollowUser(a, a.user.id)).statusCode).toBe(400);

    const unknown = await followUser(a, 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found' });
    expect((await unfollowUser(a, 2_000_000_000)).statusCode).toBe(404);
    expect((await followUser(a, 'abc')).statusCode).toBe(400);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/follows',
      payload: { followedId: a.user.id },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await counts(a.user.id)).toEqual({ followers: 0, following: 0 });
  });

  it('50 parallel identical follows leave one row and a count of 1', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const answers = await Promise.all(Array.from({ length: 50 }, () => followUser(a, b.user.id)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
    const rows = await t.app.ctx.db.select().from(follows).where(eq(follows.followedId, b.user.id));
    expect(rows).toHaveLength(1);
    expect(await counts(b.user.id)).toEqual({ followers: 1, following: 0 });
    expect(await counts(a.user.id)).toEqual({ followers: 0, following: 1 });
    expect(await followerNotices(b.user.id)).toHaveLength(1);
  });

  it('two people following each other at once both count (no deadlock)', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? followUser(a, b.user.id) : followUser(b, a.user.id),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect(await counts(a.user.id)).toEqual({ followers: 1, following: 1 });
    expect(await counts(b.user.id)).toEqual({ followers: 1, following: 1 });
  });

  it('tells the followed user once, with the follower named and linked, not on re-follows', async () => {
    const a = await registerUser(t.app, { displayName: 'Alex Follower' });
    const b = await registerUser(t.app);
    await followUser(a, b.user.id);
    await unfollowUser(a, b.user.id);
    await followUser(a, b.user.id);
    await unfollowUser(a, b.user.id);
    await followUser(a, b.user.id);
    expect(await followerNotices(b.user.id)).toHaveLength(1);

    const list = (await get('/api/notifications', b)).json();
    expect(list.items[0]).toMatchObject({
      kind: 'new_follower',
      dareId: null,
      text: `Alex Follower (@${a.user.username}) started following you`,
      href: `/users/${a.user.id}`,
    });
    // The follower hears nothing.
    expect(await followerNotices(a.user.id)).toHaveLength(0);

    // A day later a new follow after an unfollow is news again.
    await t.app.ctx.db
      .update(followNotices)
      .set({ notifiedAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(followNotices.followedId, b.user.id));
    await followUser(a, b.user.id); // already following: nothing new
    expect(await followerNotices(b.user.id)).toHaveLength(1);
    await unfollowUser(a, b.user.id);
    await followUser(a, b.user.id);
    expect(await followerNotices(b.user.id)).toHaveLength(2);
  });
});

describe('GET /api/users/{id}/followers and /following', () => {
  it('pages newest first with a cursor and says whom the viewer follows', async () => {
    const star = await registerUser(t.app);
    const fans: Person[] = [];
    for (let i = 0; i < 5; i += 1) {
      const fan = await registerUser(t.app);
      fans.push(fan);
      expect((await followUser(fan, star.user.id)).statusCode).toBe(200);
    }
    const viewer = fans[0]!;
    // The viewer follows fans 3 and 4 besides the star.
    await followUser(viewer, fans[3]!.user.id);
    await followUser(viewer, fans[4]!.user.id);

    const first = await get(`/api/users/${star.user.id}/followers?limit=2`, viewer);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items.map((u: { id: number }) => u.id)).toEqual([
      fans[4]!.user.id,
      fans[3]!.user.id,
    ]);
    expect(page1.items.map((u: { isFollowing: boolean }) => u.isFollowing)).toEqual([true, true]);
    expect(page1.items[0]).toMatchObject({ username: fans[4]!.user.username });
    expect(page1.items[0]).not.toHaveProperty('email');
    expect(page1.nextCursor).toEqual(expect.any(String));

    const page2 = (
      await get(`/api/users/${star.user.id}/followers?limit=2&cursor=${page1.nextCursor}`, viewer)
    ).json();
    expect(page2.items.map((u: { id: number }) => u.id)).toEqual([
      fans[2]!.user.id,
      fans[1]!.user.id,
    ]);
    expect(page2.items.map((u: { isFollowing: boolean }) => u.isFollowing)).toEqual([false, false]);
    const page3 = (
      await get(`/api/users/${star.user.id}/followers?limit=2&cursor=${page2.nextCursor}`, viewer)
    ).json();
    expect(page3.items.map((u: { id: number }) => u.id)).toEqual([viewer.user.id]);
    expect(page3.nextCursor).toBeNull();

    // Signed out: the same list, nobody followed.
    const anonymous = (await get(`/api/users/${star.user.id}/followers?limit=50`)).json();
    expect(anonymous.items).toHaveLength(5);
    expect(anonymous.items.every((u: { isFollowing: boolean }) => !u.isFollowing)).toBe(true);

    const following = (await get(`/api/users/${viewer.user.id}/following`, star)).json();
    expect(following.items.map((u: { id: number }) => u.id)).toEqual([
      fans[4]!.user.id,
      fans[3]!.user.id,
      star.user.id,
    ]);
    expect(following.nextCursor).toBeNull();
    expect((await get(`/api/users/${star.user.id}/following`)).json()).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('answers 404 for an unknown user and 400 for a bad cursor', async () => {
    expect((await get('/api/users/2000000000/followers')).statusCode).toBe(404);
    const a = await registerUser(t.app);
    expect((await get(`/api/users/${a.user.id}/following?cursor=abc`)).statusCode).toBe(400);
    expect((await get(`/api/users/${a.user.id}/following?limit=500`)).statusCode).toBe(400);
  });
});

describe('follow achievements', () => {
  it("following 10 people unlocks 'Networker' once, and 10 followers 'Rising Star'", async () => {
    const star = await registerUser(t.app);
    const fan = await registerUser(t.app);
    const others = [];
    for (let i = 0; i < 10; i += 1) others.push(await registerUser(t.app));
    for (const other of others) {
      expect((await followUser(fan, other.user.id)).statusCode).toBe(200);
      expect((await followUser(other, star.user.id)).statusCode).toBe(200);
    }
    // An unfollow and a follow again take nothing back and unlock nothing twice.
    await unfollowUser(fan, others[0]!.user.id);
    await followUser(fan, others[0]!.user.id);

    const unlocked = async (who: Person) =>
      (await get(`/api/users/${who.user.id}/achievements`))
        .json()
        .filter((a: { isUnlocked: boolean }) => a.isUnlocked)
        .map((a: { name: string }) => a.name);
    expect(await unlocked(fan)).toContain('networker');
    expect(await unlocked(star)).toContain('rising_star');
    const notices = await t.app.ctx.db
      .select({ data: notifications.data })
      .from(notifications)
      .where(
        and(eq(notifications.userId, fan.user.id), eq(notifications.kind, 'achievement_unlocked')),
      );
    const names = notices.map((n) => (n.data as { achievementName: string }).achievementName);
    expect(names.filter((n) => n === 'networker')).toHaveLength(1);
  });
});

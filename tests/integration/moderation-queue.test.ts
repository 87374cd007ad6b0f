import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MODERATION_LOG_PAGE } from '@/contracts/limits';
import type { ModerationQueueItem } from '@/contracts/moderation';
import { dares, moderationActions, users } from '@/server/db/schema';
import {
  appendAuditEntries,
  moderationApi,
  moderatorFactory,
  verifiedUsers,
} from '../support/moderation';
import { postModerationAction } from '../support/moderation-actions';
import { reportableContent } from '../support/report-targets';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/**
 * Issue 21 item 3, the moderators' reading: the queue (grouped by target, most reported
 * first, with the content, owner, reasons and reporters) and the audit log (newest first,
 * keyset pages, append-only at the database).
 */
let t: TestApp;
let api: ReturnType<typeof moderationApi>;
let moderator: Awaited<ReturnType<typeof moderatorFactory>>;
beforeAll(async () => {
  t = await createTestApp();
  api = moderationApi(t.app);
  moderator = await moderatorFactory(t);
});
afterAll(async () => {
  await t?.close();
});

describe('who may read', () => {
  it('every moderator route answers 401 signed out and 403 to a user; moderators and admins get in', async () => {
    const routes = t.app.routeCatalog.filter((route) => route.auth === 'moderator');
    const names = routes.map((route) => `${route.method} ${route.url}`);
    expect(names.sort()).toEqual([
      'GET /api/moderation/log',
      'GET /api/moderation/reports',
      'POST /api/moderation/actions',
    ]);
    const user = await registerUser(t.app);
    const admin = await moderatorFactory(t, 'admin');
    for (const route of routes) {
      const call = (cookie?: string) =>
        t.app.inject({
          method: route.method as 'GET',
          url: route.url,
          headers: cookie ? { cookie } : {},
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
      expect((await call()).statusCode, route.url).toBe(401);
      expect((await call(user.cookie)).statusCode, route.url).toBe(403);
    }
    for (const cookie of [moderator.cookie, admin.cookie]) {
      expect((await api.queue(cookie)).statusCode).toBe(200);
      expect((await api.log(cookie)).statusCode).toBe(200);
    }
  });
});

describe('the queue', () => {
  it('groups reports by target, most reported first then oldest, with content, owner, reasons and reporters', async () => {
    const owner = await registerUser(t.app);
    const [r1, r2, r3] = await verifiedUsers(t, 3);
    const content = await reportableContent(t, owner.user.id, r1!.user.id);
    await t.app.ctx.db
      .update(dares)
      .set({ coverImage: '/media/images/cover.jpg', pitchPoster: '/media/images/poster.jpg' })
      .where(eq(dares.id, content.dare.id));
    const until = new Date(Date.now() + 3 * 86_400_000);
    await t.app.ctx.db
      .update(users)
      .set({ suspendedAt: new Date(), suspendedUntil: until, bio: 'I do dares' })
      .where(eq(users.id, owner.user.id));
    const file = (
      who: typeof r1,
      targetType: string,
      targetId: number,
      reason: string,
      details?: string,
    ) =>
      api.report(who!.cookie, {
        targetType,
        targetId,
        reason,
        ...(details ? { details } : {}),
      } as never);
    // One report each first, in this order; then the comment and the dare get more.
    await file(r1, 'message', content.message.id, 'harassment', 'Keeps writing to me');
    await file(r2, 'submission', content.proof.id, 'dangerous');
    await file(r2, 'user', owner.user.id, 'spam');
    await file(r1, 'dare', content.dare.id, 'dangerous');
    await file(r1, 'comment', content.comment.id, 'harassment');
    await file(r2, 'comment', content.comment.id, 'harassment');
    await file(r2, 'dare', content.dare.id, 'dangerous');
    await file(r3, 'dare', content.dare.id, 'spam');

    const select = vi.spyOn(t.app.ctx.db, 'select');
    const queue = await api.queue(moderator.cookie);
    const queries = select.mock.calls.length;
    select.mockRestore();
    expect(queue.statusCode).toBe(200);
    expect(queries).toBeGreaterThanOrEqual(5);
    const items = (queue.json().items as ModerationQueueItem[]).filter(
      (item) => item.owner?.id === owner.user.id,
    );
    expect(items.map((item) => [item.targetType, item.reportCount])).toEqual([
      ['dare', 3],
      ['comment', 2],
      ['message', 1],
      ['submission', 1],
      ['user', 1],
    ]);
    const [dare, comment, message, proof, user] = items;
    expect(dare).toMatchObject({
      status: 'open',
      hidden: true,
      screening: null,
      owner: { id: owner.user.id, suspended: true, suspendedUntil: until.toISOString() },
      content: {
        title: content.dare.title,
        text: content.dare.description,
        videoUrl: content.dare.pitchVideo,
        posterUrl: '/media/images/poster.jpg',
        coverImage: '/media/images/cover.jpg',
        dareId: content.dare.id,
        moderationState: 'under_review',
        missing: false,
      },
      reasons: [
        { reason: 'dangerous', count: 2 },
        { reason: 'spam', count: 1 },
      ],
    });
    // Reporters newest first, each with their reason.
    expect(dare!.reporters.map((entry) => [entry.user.id, entry.reason])).toEqual([
      [r3!.user.id, 'spam'],
      [r2!.user.id, 'dangerous'],
      [r1!.user.id, 'dangerous'],
    ]);
    expect(comment).toMatchObject({
      hidden: false,
      content: { text: 'Watch me do it', dareId: content.dare.id, moderationState: null },
      reasons: [{ reason: 'harassment', count: 2 }],
    });
    expect(message).toMatchObject({
      content: { text: 'hello', dareId: null },
      reporters: [
        { user: { id: r1!.user.id }, reason: 'harassment', details: 'Keeps writing to me' },
      ],
    });
    expect(proof!.content).toMatchObject({
      videoUrl: '/media/demo/x.mp4',
      dareId: content.dare.id,
    });
    expect(user!.content).toMatchObject({
      title: owner.user.displayName ?? owner.user.username,
      text: 'I do dares',
    });

    // No query per case: more cases, the same number of queries.
    const more = await registerUser(t.app);
    const extra = await reportableContent(t, more.user.id, r1!.user.id);
    await file(r1, 'dare', extra.dare.id, 'other');
    await file(r1, 'comment', extra.comment.id, 'other');
    const again = vi.spyOn(t.app.ctx.db, 'select');
    expect((await api.queue(moderator.cookie)).statusCode).toBe(200);
    expect(again.mock.calls.length).toBe(queries);
    again.mockRestore();
  });

  it('status=resolved lists decided cases with the reports they closed, newest decision first', async () => {
    const owner = await registerUser(t.app);
    const [reporter] = await verifiedUsers(t, 1);
    const content = await reportableContent(t, owner.user.id, reporter!.user.id);
    await api.report(reporter!.cookie, { targetType: 'comment', targetId: content.comment.id });
    const dismissed = await postModerationAction(t, moderator.cookie, {
      action: 'dismiss',
      targetType: 'comment',
      targetId: content.comment.id,
      reason: 'Friendly banter',
    });
    expect(dismissed.statusCode).toBeLessThan(300);
    const open = (await api.queue(moderator.cookie)).json().items as ModerationQueueItem[];
    expect(
      open.some((item) => item.targetType === 'comment' && item.targetId === content.comment.id),
    ).toBe(false);
    const resolved = (await api.queue(moderator.cookie, 'resolved')).json()
      .items as ModerationQueueItem[];
    expect(resolved[0]).toMatchObject({
      targetType: 'comment',
      targetId: content.comment.id,
      status: 'resolved',
      reportCount: 1,
      reporters: [{ user: { id: reporter!.user.id } }],
    });
    expect(resolved[0]!.resolvedAt).not.toBeNull();
    // A new report opens a new case, without the old report.
    const [second] = await verifiedUsers(t, 1);
    await api.report(second!.cookie, { targetType: 'comment', targetId: content.comment.id });
    const reopened = (
      (await api.queue(moderator.cookie)).json().items as ModerationQueueItem[]
    ).find((item) => item.targetType === 'comment' && item.targetId === content.comment.id);
    expect(reopened).toMatchObject({
      reportCount: 1,
      reporters: [{ user: { id: second!.user.id } }],
    });
  });
});

describe('the audit log', () => {
  it('pages newest first with a cursor, and refuses a forged cursor', async () => {
    const [me] = await t.app.ctx.db.select().from(users).where(eq(users.email, moderator.email));
    const rows = await appendAuditEntries(t.app.ctx.db, me!, MODERATION_LOG_PAGE * 2 + 7);
    const newest = await appendAuditEntries(t.app.ctx.db, me!, 1);
    const seen: number[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await api.log(moderator.cookie, cursor);
      expect(page.statusCode).toBe(200);
      const body = page.json();
      expect(body.entries.length).toBeLessThanOrEqual(MODERATION_LOG_PAGE);
      seen.push(...body.entries.map((entry: { id: number }) => entry.id));
      cursor = body.nextCursor ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen[0]).toBe(newest[0]!.id);
    expect(seen).toEqual([...new Set(seen)]);
    expect(seen).toEqual(expect.arrayContaining(rows.map((row) => row.id)));
    const first = (await api.log(moderator.cookie)).json().entries[0];
    expect(first).toMatchObject({
      moderator: { id: me!.id, username: me!.username },
      action: 'warn',
      targetType: 'user',
      reason: newest[0]!.reason,
      until: null,
    });
    expect((await api.log(moderator.cookie, 'not-a-cursor')).statusCode).toBe(400);
  });

  it('cannot be changed at the database: UPDATE, DELETE and TRUNCATE fail', async () => {
    const [me] = await t.app.ctx.db.select().from(users).where(eq(users.email, moderator.email));
    const [row] = await appendAuditEntries(t.app.ctx.db, me!, 1);
    const db = t.app.ctx.db;
    await expect(
      db
        .update(moderationActions)
        .set({ reason: 'edited' })
        .where(eq(moderationActions.id, row!.id)),
    ).rejects.toThrow();
    await expect(
      db.delete(moderationActions).where(eq(moderationActions.id, row!.id)),
    ).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE moderation_actions`)).rejects.toThrow();
    // The row is as it was written.
    const [still] = await db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.id, row!.id));
    expect(still).toMatchObject({ reason: row!.reason });
  });
});

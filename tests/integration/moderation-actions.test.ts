import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModerationActionInput } from '@/contracts/moderation';
import { MODERATION_ACTION_MESSAGES as WORDS } from '@/contracts/moderation-action-values';
import {
  comments,
  dares,
  messages,
  moderationActions,
  moderationCases,
  notifications,
  reports,
  users,
} from '@/server/db/schema';
import { openCase, postModerationAction, registerStaff } from '../support/moderation-actions';
import { reportableContent } from '../support/report-targets';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/** Issue 21 item 3: POST /api/moderation/actions, who may call it, each action and its refusals. */
let t: TestApp;
let mod: Awaited<ReturnType<typeof registerStaff>>;
beforeAll(async () => {
  t = await createTestApp();
  mod = await registerStaff(t);
});
afterAll(async () => {
  await t?.close();
});

const act = (payload: ModerationActionInput, cookie = mod.cookie) =>
  postModerationAction(t, cookie, payload);
const auditRows = async () => (await t.app.ctx.db.select().from(moderationActions)).length;
const fileReport = (cookie: string, targetType: string, targetId: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: { cookie },
    payload: { targetType, targetId, reason: 'dangerous' },
  });
const noticesOf = (userId: number, kind: string) =>
  t.app.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));

/** An owner with one of each reportable thing, and someone they talk to. */
async function ownerWithContent() {
  const owner = await registerUser(t.app);
  const other = await registerUser(t.app);
  const content = await reportableContent(t, owner.user.id, other.user.id);
  return { owner, other, content };
}

describe('who may act', () => {
  it('answers 401 signed out and 403 to a signed-in non-moderator, writing nothing', async () => {
    const { owner, other } = await ownerWithContent();
    const before = await auditRows();
    const payload = {
      action: 'warn',
      targetType: 'user',
      targetId: owner.user.id,
      reason: 'x',
    } as const;
    expect((await postModerationAction(t, undefined, payload)).statusCode).toBe(401);
    const forbidden = await postModerationAction(t, other.cookie, payload);
    expect(forbidden.statusCode).toBe(403);
    expect(await auditRows()).toBe(before);
    expect(await noticesOf(owner.user.id, 'moderation_warning')).toHaveLength(0);
  });

  it('lets an admin act, as a moderator', async () => {
    const admin = await registerStaff(t, 'admin');
    const { owner } = await ownerWithContent();
    const response = await act(
      { action: 'warn', targetType: 'user', targetId: owner.user.id, reason: 'Be kind' },
      admin.cookie,
    );
    expect(response.statusCode).toBe(200);
  });
});

describe('refusals', () => {
  it('404 for a target that does not exist, of every type', async () => {
    const before = await auditRows();
    for (const targetType of ['dare', 'submission', 'comment', 'user', 'message'] as const) {
      const response = await act({
        action: 'remove',
        targetType,
        targetId: 2_000_000,
        reason: 'x',
      });
      expect(response.statusCode, targetType).toBe(404);
      expect(response.json().message).toBe(WORDS.targetNotFound);
    }
    expect(await auditRows()).toBe(before);
  });

  it('400 for bad input and for an action that makes no sense', async () => {
    const { owner, content } = await ownerWithContent();
    const before = await auditRows();
    const refused = async (payload: object, message?: string) => {
      const response = await act(payload as ModerationActionInput);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (message) expect(response.json().message).toBe(message);
    };
    const dare = { targetType: 'dare', targetId: content.dare.id } as const;
    await refused({ action: 'remove', ...dare, reason: '   ' }, 'Please give a reason');
    await refused({ action: 'remove', ...dare });
    await refused({ action: 'ban', ...dare, reason: 'x' });
    await refused({ action: 'suspend', ...dare, reason: 'x', until: 'tomorrow' });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    await refused(
      { action: 'remove', ...dare, reason: 'x', until: tomorrow },
      WORDS.untilOnlyForSuspend,
    );
    await refused(
      { action: 'suspend', ...dare, reason: 'x', until: new Date(Date.now() - 1000).toISOString() },
      WORDS.untilInPast,
    );
    await refused(
      { action: 'warn', targetType: 'user', targetId: mod.user.id, reason: 'x' },
      WORDS.notYourself,
    );
    // A moderator does not suspend another moderator; an admin may.
    const colleague = await registerStaff(t);
    await refused(
      { action: 'suspend', targetType: 'user', targetId: colleague.user.id, reason: 'x' },
      WORDS.staffAccount,
    );
    // The owner of a comment whose account was deleted cannot be warned.
    await t.app.ctx.db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.id, owner.user.id));
    await refused(
      { action: 'warn', targetType: 'comment', targetId: content.comment.id, reason: 'x' },
      WORDS.noOwner,
    );
    expect(await auditRows()).toBe(before);
  });
});

describe('the actions', () => {
  it('remove and restore a comment, a message and a profile; twice is a 409; one audit row each', async () => {
    const { db } = t.app.ctx;
    const { owner, content } = await ownerWithContent();
    const state = {
      comment: async () =>
        (await db.select().from(comments).where(eq(comments.id, content.comment.id)))[0]!
          .moderationState,
      message: async () =>
        (await db.select().from(messages).where(eq(messages.id, content.message.id)))[0]!
          .moderationState,
      user: async () =>
        (await db.select().from(users).where(eq(users.id, owner.user.id)))[0]!.moderationState,
    };
    const ids = { comment: content.comment.id, message: content.message.id, user: owner.user.id };
    const before = await auditRows();
    for (const targetType of ['comment', 'message', 'user'] as const) {
      const target = { targetType, targetId: ids[targetType] };
      const removed = await act({ action: 'remove', ...target, reason: 'Harassment' });
      expect(removed.statusCode, targetType).toBe(200);
      expect(await state[targetType]()).toBe('removed');
      const again = await act({ action: 'remove', ...target, reason: 'Harassment' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(WORDS.alreadyRemoved);
      const restored = await act({ action: 'restore', ...target, reason: 'Appeal accepted' });
      expect(restored.statusCode).toBe(200);
      expect(await state[targetType]()).toBeNull();
      const nothing = await act({ action: 'restore', ...target, reason: 'Appeal accepted' });
      expect(nothing.statusCode).toBe(409);
      expect(nothing.json().message).toBe(WORDS.notRemoved);
    }
    expect(await auditRows()).toBe(before + 6);
  });

  it('dismiss lists a dare held under review again (approving it) and closes its case', async () => {
    const { db } = t.app.ctx;
    const { owner, content } = await ownerWithContent();
    await db
      .update(dares)
      .set({ moderationState: 'under_review' })
      .where(eq(dares.id, content.dare.id));
    await openCase(t, { targetType: 'dare', targetId: content.dare.id, ownerId: owner.user.id });
    const response = await act({
      action: 'dismiss',
      targetType: 'dare',
      targetId: content.dare.id,
      reason: 'Not dangerous',
    });
    expect(response.statusCode).toBe(200);
    const [dare] = await db.select().from(dares).where(eq(dares.id, content.dare.id));
    expect(dare!.moderationState).toBeNull();
    const cases = await db
      .select()
      .from(moderationCases)
      .where(
        and(eq(moderationCases.targetType, 'dare'), eq(moderationCases.targetId, content.dare.id)),
      );
    expect(cases.map((c) => c.status)).toEqual(['resolved']);
    // Nothing hidden and nothing open any more: nothing to dismiss.
    const again = await act({
      action: 'dismiss',
      targetType: 'dare',
      targetId: content.dare.id,
      reason: 'Not dangerous',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WORDS.nothingToDismiss);
  });

  it('closes the open reports with the action and tells each reporter once', async () => {
    const { db } = t.app.ctx;
    const { owner, content } = await ownerWithContent();
    const reporters = [
      await registerUser(t.app),
      await registerUser(t.app),
      await registerUser(t.app),
    ];
    for (const reporter of reporters) {
      expect((await fileReport(reporter.cookie, 'comment', content.comment.id)).statusCode).toBe(
        201,
      );
    }
    await openCase(t, {
      targetType: 'comment',
      targetId: content.comment.id,
      ownerId: owner.user.id,
    });
    const response = await act({
      action: 'remove',
      targetType: 'comment',
      targetId: content.comment.id,
      reason: 'Harassment',
    });
    expect(response.statusCode).toBe(200);
    const closed = await db
      .select()
      .from(reports)
      .where(and(eq(reports.targetType, 'comment'), eq(reports.targetId, content.comment.id)));
    expect(closed).toHaveLength(3);
    for (const report of closed) {
      expect(report).toMatchObject({ status: 'resolved', resolvedByActionId: response.json().id });
      expect(report.resolvedAt).not.toBeNull();
    }
    for (const reporter of reporters) {
      const told = await noticesOf(reporter.user.id, 'report_resolved');
      expect(told).toHaveLength(1);
      expect(told[0]!.data).toEqual({ targetType: 'comment', outcome: 'removed' });
    }
    // A later action on the same target finds nothing open: nobody is told twice.
    await act({
      action: 'restore',
      targetType: 'comment',
      targetId: content.comment.id,
      reason: 'Appeal',
    });
    for (const reporter of reporters) {
      expect(await noticesOf(reporter.user.id, 'report_resolved')).toHaveLength(1);
    }
  });

  it('warn: the owner of any target hears the reason; the log holds who, what, target and when', async () => {
    const { db } = t.app.ctx;
    const { owner, content } = await ownerWithContent();
    const response = await act({
      action: 'warn',
      targetType: 'message',
      targetId: content.message.id,
      reason: 'Insults in messages',
    });
    expect(response.statusCode).toBe(200);
    const entry = response.json();
    expect(entry).toMatchObject({
      action: 'warn',
      targetType: 'message',
      targetId: content.message.id,
      reason: 'Insults in messages',
      moderator: { id: mod.user.id, username: mod.user.username },
      until: null,
    });
    expect(Number.isNaN(Date.parse(entry.createdAt))).toBe(false);
    const [row] = await db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.id, entry.id));
    expect(row).toMatchObject({ moderatorId: mod.user.id, moderatorName: mod.user.username });
    const warned = await noticesOf(owner.user.id, 'moderation_warning');
    expect(warned.map((n) => n.data)).toEqual([{ reason: 'Insults in messages' }]);
    const list = await t.app.inject({
      url: '/api/notifications',
      headers: { cookie: owner.cookie },
    });
    const item = list.json().items.find((n: { kind: string }) => n.kind === 'moderation_warning');
    expect(item.detail).toContain('Insults in messages');
  });

  it('unsuspend of an account that is not suspended is a 409', async () => {
    const { owner } = await ownerWithContent();
    const response = await act({
      action: 'unsuspend',
      targetType: 'user',
      targetId: owner.user.id,
      reason: 'x',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(WORDS.notSuspended);
  });
});

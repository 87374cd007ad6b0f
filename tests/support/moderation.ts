import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ModerationState, UserRole } from '@/contracts/moderation-values';
import type { ReportTargetType } from '@/contracts/reports';
import type { Db } from '@/server/db/client';
import {
  comments,
  dares,
  messages,
  moderationActions,
  moderationCases,
  submissions,
  users,
} from '@/server/db/schema';
import { setRole } from '@/server/modules/moderation/set-role';
import type { TestApp } from './test-app';
import { registerUser } from './users';

/** Issue 21's test setup: moderators, many reporters, moderation states and the audit log. */

/**
 * A signed-up account with the moderator (or admin) role, granted by the admin CLI's setRole.
 * The session lookup cached at registration is dropped here at once (NOTIFY would, a moment later).
 */
export async function moderatorFactory(t: TestApp, role: UserRole = 'moderator') {
  const account = await registerUser(t.app);
  await setRole(t.app.ctx.db, account.email, role);
  t.app.ctx.caches.sessions.invalidate();
  return account;
}

/** `n` signed-up accounts with verified addresses (or not), registered a few at a time. */
export async function verifiedUsers(t: TestApp, n: number, verified = true) {
  const accounts: Awaited<ReturnType<typeof registerUser>>[] = [];
  for (let start = 0; start < n; start += 5) {
    const batch = Array.from({ length: Math.min(5, n - start) }, () =>
      registerUser(t.app, { verified }),
    );
    accounts.push(...(await Promise.all(batch)));
  }
  return accounts;
}

const TABLES = {
  dare: dares,
  submission: submissions,
  comment: comments,
  message: messages,
  user: users,
} as const;

/** A target's moderation state set straight in the database (a removal, as its action would). */
export async function setModerationState(
  db: Db,
  targetType: ReportTargetType,
  targetId: number,
  state: ModerationState | null,
) {
  const table = TABLES[targetType];
  await db.update(table).set({ moderationState: state }).where(eq(table.id, targetId));
}

/** The target's open case, if any. */
export async function openCaseOf(db: Db, targetType: ReportTargetType, targetId: number) {
  return db
    .select()
    .from(moderationCases)
    .where(
      and(
        eq(moderationCases.targetType, targetType),
        eq(moderationCases.targetId, targetId),
        eq(moderationCases.status, 'open'),
      ),
    );
}

/** Audit-log rows as a moderator's actions would append them (the actions are not ours here). */
export async function appendAuditEntries(
  db: Db,
  moderator: { id: number; username: string },
  count: number,
) {
  const rows = Array.from({ length: count }, (_, i) => ({
    moderatorId: moderator.id,
    moderatorName: moderator.username,
    action: 'warn' as const,
    targetType: 'user',
    targetId: i + 1,
    reason: `Reason ${i + 1}`,
  }));
  return db.insert(moderationActions).values(rows).returning();
}

/** The moderation and report calls over HTTP. */
export function moderationApi(app: FastifyInstance) {
  const headers = (cookie?: string) => (cookie ? { cookie } : {});
  return {
    report: (
      cookie: string,
      payload: { targetType: ReportTargetType; targetId: number; reason?: string },
    ) =>
      app.inject({
        method: 'POST',
        url: '/api/reports',
        headers: { cookie },
        payload: { reason: 'dangerous', ...payload },
      }),
    queue: (cookie?: string, status: 'open' | 'resolved' = 'open') =>
      app.inject({ url: `/api/moderation/reports?status=${status}`, headers: headers(cookie) }),
    log: (cookie?: string, cursor?: string) =>
      app.inject({
        url: `/api/moderation/log${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
        headers: headers(cookie),
      }),
    dare: (id: number, cookie?: string) =>
      app.inject({ url: `/api/dares/${id}`, headers: headers(cookie) }),
  };
}

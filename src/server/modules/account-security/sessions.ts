import { and, desc, eq, gt } from 'drizzle-orm';
import { type AccountSession, SESSION_MESSAGES } from '@/contracts/account-security';
import { deviceName } from '@/domain/device-name';
import type { AppContext } from '../../context';
import { sessions } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { endSessions } from '../auth/end-sessions';

/** The account's live sessions, most recently used first, the caller's own marked. */
export async function listSessions(
  ctx: AppContext,
  userId: number,
  currentSessionId: number,
): Promise<AccountSession[]> {
  const rows = await ctx.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  return rows.map((row) => {
    const { browser, system, label } = deviceName(row.userAgent);
    return {
      id: row.id,
      device: label,
      browser,
      system,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastSeenAt.toISOString(),
      current: row.id === currentSessionId,
    };
  });
}

/**
 * Ends one of the account's sessions (its open streams close: endSessions). Someone else's
 * session id answers 404 like one that does not exist, so ids cannot be probed.
 */
export async function endOwnSession(ctx: AppContext, userId: number, sessionId: number) {
  const [owned] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .limit(1);
  const ended = owned ? await endSessions(ctx, { sessionIds: [sessionId] }) : [];
  // Gone already (ended by a parallel request): the same answer as never there.
  if (ended.length === 0) throw notFound(SESSION_MESSAGES.notFound);
  return { ended: ended.length };
}

/** Every session of the account but the caller's. */
export async function endOtherSessions(ctx: AppContext, userId: number, currentSessionId: number) {
  const ended = await endSessions(ctx, { userId, exceptSessionId: currentSessionId });
  return { ended: ended.length };
}

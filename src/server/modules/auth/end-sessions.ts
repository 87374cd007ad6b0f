import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { sessions } from '../../db/schema';
import { publishSessionsEnded } from '../live/publish';

/**
 * Which sessions to end: one (logout, ending a listed session), or every session of an
 * account, optionally but the caller's own (password reset or change, suspension, deletion).
 */
export type SessionsToEnd = { sessionIds: number[] } | { userId: number; exceptSessionId?: number };

/**
 * THE way a session ends (DESIGN.md section 9): its row is deleted, every instance drops its
 * cached session lookups (the sessions trigger NOTIFYs `cache_invalidation`; this instance
 * drops them at once), and every instance closes the open GET /api/events streams of those
 * sessions (a NOTIFY on the live channel, delivered at commit). Returns the ended ids.
 */
export async function endSessions(ctx: AppContext, which: SessionsToEnd): Promise<number[]> {
  const ended = await ctx.db.transaction((tx) => endSessionsIn(tx, which));
  // Other instances hear of it through NOTIFY; this one must not wait for that.
  ctx.caches.sessions.invalidate();
  return ended;
}

/**
 * The same inside the caller's transaction, for a change that must end the sessions in the
 * same commit (an account deletion: no session may outlive it). The caller drops this
 * instance's session cache after the commit (`ctx.caches.sessions.invalidate()`).
 */
export async function endSessionsIn(tx: Tx, which: SessionsToEnd): Promise<number[]> {
  const where =
    'sessionIds' in which
      ? inArray(sessions.id, which.sessionIds.length > 0 ? which.sessionIds : [0])
      : and(
          eq(sessions.userId, which.userId),
          which.exceptSessionId === undefined ? undefined : ne(sessions.id, which.exceptSessionId),
        );
  const rows = await tx.delete(sessions).where(where).returning({ id: sessions.id });
  const ids = rows.map((row) => row.id);
  await publishSessionsEnded(tx, ids);
  return ids;
}

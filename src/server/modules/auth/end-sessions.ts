import { and, eq, inArray, ne } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { pushSubscriptions, sessions } from '../../db/schema';
import { publishSessionsEnded } from '../live/publish';

/**
 * Which sessions to end: one (logout, ending a listed session), or every session of an
 * account, optionally but the caller's own (password reset or change, suspension, deletion).
 */
export type SessionsToEnd = { sessionIds: number[] } | { userId: number; exceptSessionId?: number };

/**
 * THE way a session ends (DESIGN.md section 9): its row is deleted (with the push
 * subscriptions it registered), every instance drops its
 * cached session lookups (the sessions trigger NOTIFYs `cache_invalidation`; this instance
 * drops them at once), and every instance closes the open GET /api/events streams of those
 * sessions (a NOTIFY on the live channel, delivered at commit). Returns the ended ids.
 * Given `tx`, it joins the caller's transaction, so the change that ends them (a new
 * password, a new address, a deletion) and their end commit together or not at all; the
 * caller then drops this instance's cache once more after its commit (a lookup between this
 * call and the commit still sees the old rows).
 */
export async function endSessions(
  ctx: AppContext,
  which: SessionsToEnd,
  tx?: Tx,
): Promise<number[]> {
  const where =
    'sessionIds' in which
      ? inArray(sessions.id, which.sessionIds.length > 0 ? which.sessionIds : [0])
      : and(
          eq(sessions.userId, which.userId),
          which.exceptSessionId === undefined ? undefined : ne(sessions.id, which.exceptSessionId),
        );
  const end = async (t: Tx) => {
    // A signed-out browser gets no more pushes: the subscriptions its session registered go
    // with it (a session that merely expires keeps them; decision 0053).
    await t
      .delete(pushSubscriptions)
      .where(
        inArray(
          pushSubscriptions.sessionId,
          t.select({ id: sessions.id }).from(sessions).where(where),
        ),
      );
    const rows = await t.delete(sessions).where(where).returning({ id: sessions.id });
    const ids = rows.map((row) => row.id);
    await publishSessionsEnded(t, ids);
    return ids;
  };
  const ended = tx ? await end(tx) : await ctx.db.transaction(end);
  // Other instances hear of it through NOTIFY (at commit, this one too); this one must not
  // wait for that.
  ctx.caches.sessions.invalidate();
  return ended;
}

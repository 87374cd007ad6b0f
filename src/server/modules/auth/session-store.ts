import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { REMEMBER_ME_DAYS, SESSION_IDLE_HOURS } from '@/contracts/limits';
import type { AppContext } from '../../context';
import { reusableStatement } from '../../db/reusable-statement';
import { sessions, users } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
export const REMEMBER_ME_MS = REMEMBER_ME_DAYS * DAY_MS;
export const IDLE_MS = SESSION_IDLE_HOURS * 60 * 60 * 1000;
/** Extending an idle session on every request would write on every read; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export type SessionUser = typeof users.$inferSelect;
export type ActiveSession = {
  id: number;
  userId: number;
  rememberMe: boolean;
  expiresAt: Date;
};

/** Keyed hash of a bearer token (sessions, challenge invitations): only this is stored. */
export function tokenHash(ctx: AppContext, token: string): string {
  return createHmac('sha256', ctx.config.sessionSecret).update(token).digest('base64url');
}

/**
 * Remember-me sessions have a fixed 60-day lifetime; others end after 24 idle hours
 * (DESIGN.md section 3).
 */
export async function createSession(
  ctx: AppContext,
  userId: number,
  rememberMe: boolean,
  userAgent?: string,
): Promise<{ token: string; session: ActiveSession }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + (rememberMe ? REMEMBER_ME_MS : IDLE_MS));
  const [row] = await ctx.db
    .insert(sessions)
    .values({
      tokenHash: tokenHash(ctx, token),
      userId,
      rememberMe,
      expiresAt,
      userAgent: userAgent?.slice(0, 300),
    })
    .returning({ id: sessions.id });
  return { token, session: { id: row!.id, userId, rememberMe, expiresAt } };
}

/** A session lookup as the cache keeps it (src/server/caches.ts). */
export type CachedSession = { session: ActiveSession; user: SessionUser };

/**
 * The session of a bearer token, or null. A lookup is kept for a few seconds (decision
 * 0024): logout and any change to the user's row drop it on every instance through
 * NOTIFY, and this instance drops it at once. `user` may thus be seconds old; routes that
 * show the user's own data read it fresh.
 */
export async function findSession(ctx: AppContext, token: string): Promise<CachedSession | null> {
  const key = tokenHash(ctx, token);
  const cached = ctx.caches.sessions.peek(key);
  if (cached && cached.session.expiresAt.getTime() > Date.now()) return cached;
  const generation = ctx.caches.sessions.currentGeneration;
  const found = await lookUpSession(ctx, key);
  if (found) ctx.caches.sessions.setIfCurrent(key, found, generation);
  return found;
}

async function lookUpSession(ctx: AppContext, key: string): Promise<CachedSession | null> {
  const now = new Date();
  const [row] = await sessionOfToken(ctx.db, { key, now: now.toISOString() });
  if (!row) return null;
  const { session } = row;
  let expiresAt = session.expiresAt;
  // Last use is what the sessions list shows; an idle-timed session also lives on from it.
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    if (!session.rememberMe) expiresAt = new Date(now.getTime() + IDLE_MS);
    await touchSession(ctx.db, {
      id: session.id,
      now: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
  }
  return {
    session: { id: session.id, userId: session.userId, rememberMe: session.rememberMe, expiresAt },
    user: row.user,
  };
}

// Both built once (decision 0060): a signed-in request whose lookup is not cached runs them.
const sessionOfToken = reusableStatement((db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('key')),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}`),
      ),
    )
    .limit(1),
);

const touchSession = reusableStatement((db) =>
  db
    .update(sessions)
    .set({
      lastSeenAt: sql`${sql.placeholder('now')}`,
      expiresAt: sql`${sql.placeholder('expiresAt')}`,
    })
    .where(eq(sessions.id, sql.placeholder('id'))),
);

export async function deleteExpiredSessions(ctx: AppContext): Promise<void> {
  await ctx.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  ctx.caches.sessions.invalidate();
}

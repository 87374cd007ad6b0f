import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { REMEMBER_ME_DAYS, SESSION_IDLE_HOURS } from '@/contracts/limits';
import type { AppContext } from '../../context';
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

export async function findSession(
  ctx: AppContext,
  token: string,
): Promise<{ session: ActiveSession; user: SessionUser } | null> {
  const now = new Date();
  const [row] = await ctx.db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash(ctx, token)), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const { session } = row;
  let expiresAt = session.expiresAt;
  if (!session.rememberMe && now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    expiresAt = new Date(now.getTime() + IDLE_MS);
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: now, expiresAt })
      .where(eq(sessions.id, session.id));
  }
  return {
    session: { id: session.id, userId: session.userId, rememberMe: session.rememberMe, expiresAt },
    user: row.user,
  };
}

export async function deleteSession(ctx: AppContext, sessionId: number): Promise<void> {
  await ctx.db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteExpiredSessions(ctx: AppContext): Promise<void> {
  await ctx.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}

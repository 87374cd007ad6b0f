import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '@/contracts/account';
import { VERIFY_EMAIL_RESENDS_PER_HOUR, VERIFY_EMAIL_TOKEN_HOURS } from '@/contracts/limits';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/errors';
import { takeRateLimit } from '../../lib/rate-limit';
import type { SessionUser } from '../auth/session-store';
import { queueEmail } from '../notifications/outbox';
import { verificationEmail } from './emails';
import { accountLink, consumeAccountToken, issueAccountToken } from './tokens';

const HOUR_MS = 60 * 60 * 1000;
type Account = Pick<SessionUser, 'id' | 'email' | 'username' | 'displayName'>;

/**
 * THE guard of what needs a proven address (DESIGN.md section 9): answering a request or
 * invitation sent to an address, sending to an address, payouts. 403 until verified.
 */
export function requireVerifiedEmail(user: Pick<SessionUser, 'emailVerified'>): void {
  if (!user.emailVerified) throw forbidden(ACCOUNT_MESSAGES.verifyFirst);
}

/** Issues a new verification link (voiding the last) and queues its email, in `tx`. */
export async function sendVerificationEmail(tx: Tx, ctx: AppContext, user: Account) {
  const token = await issueAccountToken(tx, ctx, {
    userId: user.id,
    purpose: 'verify-email',
    email: user.email,
    validForMs: VERIFY_EMAIL_TOKEN_HOURS * HOUR_MS,
  });
  const link = accountLink(ctx.config.publicUrl, 'verify-email', token);
  const name = user.displayName?.trim() || user.username;
  await queueEmail(tx, verificationEmail({ to: user.email, name, userId: user.id }, link));
}

/** POST /api/account/verify-email/resend: a fresh link, at most a few an hour. */
export async function resendVerificationEmail(ctx: AppContext, user: SessionUser) {
  await takeRateLimit(ctx.db, {
    key: `verify-email-resend:user:${user.id}`,
    limit: VERIFY_EMAIL_RESENDS_PER_HOUR,
    windowSeconds: 60 * 60,
  });
  const [fresh] = await ctx.db.select().from(users).where(eq(users.id, user.id));
  if (!fresh || fresh.emailVerified) return;
  await ctx.db.transaction((tx) => sendVerificationEmail(tx, ctx, fresh));
}

/**
 * POST /api/account/verify-email: spends the token and marks the address proven, if the
 * account still has the address the link was sent to. Works signed in or not: the link
 * itself is the proof. Returns the account's row.
 */
export async function verifyEmail(ctx: AppContext, token: string): Promise<SessionUser> {
  const user = await ctx.db.transaction(async (tx) => {
    const used = await consumeAccountToken(tx, ctx, 'verify-email', token);
    if (!used) return null;
    const [row] = await tx
      .update(users)
      .set({ emailVerified: true, updatedAt: sql`now()` })
      .where(sql`${users.id} = ${used.userId} AND lower(${users.email}) = lower(${used.email})`)
      .returning();
    return row ?? null;
  });
  if (!user) throw badRequest(ACCOUNT_MESSAGES.invalidLink, 'invalid_link');
  // Cached session lookups carry the old row; other instances hear of it by NOTIFY.
  ctx.caches.sessions.invalidate();
  return user;
}

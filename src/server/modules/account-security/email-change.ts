import { and, eq, isNull, sql } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '@/contracts/account';
import {
  type ChangeEmailInput,
  EMAIL_CHANGE_MESSAGES,
  emailChangeSentMessage,
} from '@/contracts/account-security';
import { CHANGE_EMAIL_TOKEN_HOURS, EMAIL_CHANGES_PER_HOUR } from '@/contracts/limits';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import { uniqueViolation } from '../../lib/pg-errors';
import { takeRateLimit } from '../../lib/rate-limit';
import { confirmNewEmail, emailChangedNotice } from '../account/emails';
import { accountLink, consumeAccountToken, issueAccountToken } from '../account/tokens';
import { endSessions } from '../auth/end-sessions';
import type { SessionUser } from '../auth/session-store';
import { queueEmail } from '../notifications/outbox';
import { checkCurrentPassword, type PasswordCaller } from './current-password';

const HOUR_MS = 60 * 60 * 1000;
const nameOf = (user: Pick<SessionUser, 'displayName' | 'username'>) =>
  user.displayName?.trim() || user.username;

const addressTaken = (tx: Pick<AppContext['db'], 'select'>, address: string, userId: number) =>
  tx
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${address}) AND ${users.id} <> ${userId}`)
    .limit(1);

/**
 * POST /api/account/email: the password proves it is the owner; the new address gets a link
 * (a newer request voids the older link) and the account keeps its address until the link
 * is opened (DESIGN.md section 9), so nobody can take an address they cannot read.
 */
export async function requestEmailChange(
  ctx: AppContext,
  caller: PasswordCaller,
  input: ChangeEmailInput,
): Promise<{ message: string }> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, caller.userId));
  if (!user) throw badRequest(EMAIL_CHANGE_MESSAGES.wrongPassword);
  await checkCurrentPassword(ctx, caller, input.password, EMAIL_CHANGE_MESSAGES.wrongPassword);
  if (user.email.toLowerCase() === input.email) throw badRequest(EMAIL_CHANGE_MESSAGES.unchanged);
  if ((await addressTaken(ctx.db, input.email, user.id)).length > 0)
    throw conflict(EMAIL_CHANGE_MESSAGES.taken, 'email_taken');
  // Each request writes to an address the account has not proven: few an hour.
  await takeRateLimit(ctx.db, {
    key: `email-change:user:${user.id}`,
    limit: EMAIL_CHANGES_PER_HOUR,
    windowSeconds: 60 * 60,
  });
  await ctx.db.transaction(async (tx) => {
    const token = await issueAccountToken(tx, ctx, {
      userId: user.id,
      purpose: 'change-email',
      email: input.email,
      validForMs: CHANGE_EMAIL_TOKEN_HOURS * HOUR_MS,
    });
    const link = accountLink(ctx.config.publicUrl, 'confirm-email', token);
    await queueEmail(
      tx,
      confirmNewEmail({ to: input.email, name: nameOf(user), userId: user.id }, link),
    );
  });
  return { message: emailChangeSentMessage(input.email) };
}

/**
 * POST /api/account/email/confirm: spends the link's token and makes its address the
 * account's, proven, in one transaction with the notice to the old address and the end of
 * every other session (the caller's stays when it is the same account's). An address taken
 * meanwhile is 409 and the token is not spent.
 */
export async function confirmEmailChange(
  ctx: AppContext,
  token: string,
  caller: { userId: number; sessionId: number } | undefined,
): Promise<SessionUser> {
  try {
    const user = await ctx.db.transaction(async (tx) => {
      const used = await consumeAccountToken(tx, ctx, 'change-email', token);
      if (!used) return null;
      const [before] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, used.userId), isNull(users.deletedAt)))
        .for('update');
      if (!before) return null;
      if ((await addressTaken(tx, used.email, before.id)).length > 0)
        throw conflict(EMAIL_CHANGE_MESSAGES.taken, 'email_taken');
      const [row] = await tx
        .update(users)
        .set({ email: used.email, emailVerified: true, updatedAt: sql`now()` })
        .where(eq(users.id, before.id))
        .returning();
      if (!row) return null;
      const resetPage = `${ctx.config.publicUrl}/forgot-password`;
      const recipient = { to: before.email, name: nameOf(before), userId: before.id };
      await queueEmail(tx, emailChangedNotice(recipient, row.email, resetPage));
      const keep = caller?.userId === row.id ? caller.sessionId : undefined;
      await endSessions(ctx, { userId: row.id, exceptSessionId: keep }, tx);
      return row;
    });
    if (!user) throw badRequest(ACCOUNT_MESSAGES.invalidLink, 'invalid_link');
    ctx.caches.sessions.invalidate();
    return user;
  } catch (error) {
    // Two accounts confirming one address at once: the unique index decides.
    if (uniqueViolation(error)) throw conflict(EMAIL_CHANGE_MESSAGES.taken, 'email_taken');
    throw error;
  }
}

import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, type passwordResetConfirmSchema } from '@/contracts/account';
import {
  PASSWORD_RESETS_PER_ADDRESS_PER_HOUR,
  PASSWORD_RESETS_PER_EMAIL_PER_HOUR,
  RESET_PASSWORD_TOKEN_HOURS,
} from '@/contracts/limits';
import { suspensionMessage } from '@/domain/suspension-message';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { badRequest, forbidden } from '../../lib/errors';
import { takeRateLimit } from '../../lib/rate-limit';
import { endSessions } from '../auth/end-sessions';
import { clearAccountThrottle } from '../auth/login-throttle';
import { hashPassword } from '../auth/password';
import { createSession, type SessionUser, tokenHash } from '../auth/session-store';
import { queueEmail } from '../notifications/outbox';
import { passwordChangedEmail, resetPasswordEmail } from './emails';
import { accountLink, consumeAccountToken, issueAccountToken } from './tokens';

const HOUR_MS = 60 * 60 * 1000;
type ConfirmInput = z.output<typeof passwordResetConfirmSchema>;

const nameOf = (user: SessionUser) => user.displayName?.trim() || user.username;

/**
 * POST /api/password-reset: the same 202 answer whether or not the address has an account
 * (the caller shows ACCOUNT_MESSAGES.resetSent), after the same work: the limits count for
 * unknown addresses too, and a token is made and hashed either way, so neither the answer
 * nor its time tells which addresses have accounts.
 */
export async function requestPasswordReset(ctx: AppContext, email: string, clientIp: string) {
  // The client first: one client trying many addresses spends its own budget.
  await takeRateLimit(ctx.db, {
    key: `password-reset:ip:${clientIp}`,
    limit: PASSWORD_RESETS_PER_ADDRESS_PER_HOUR,
    windowSeconds: 60 * 60,
  });
  await takeRateLimit(ctx.db, {
    key: `password-reset:email:${email}`,
    limit: PASSWORD_RESETS_PER_EMAIL_PER_HOUR,
    windowSeconds: 60 * 60,
  });
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    if (!user) {
      // What issueAccountToken does before its write, so both answers take as long.
      tokenHash(ctx, randomBytes(32).toString('base64url'));
      return;
    }
    const token = await issueAccountToken(tx, ctx, {
      userId: user.id,
      purpose: 'reset-password',
      email: user.email,
      validForMs: RESET_PASSWORD_TOKEN_HOURS * HOUR_MS,
    });
    const link = accountLink(ctx.config.publicUrl, 'reset-password', token);
    await queueEmail(
      tx,
      resetPasswordEmail({ to: user.email, name: nameOf(user), userId: user.id }, link),
    );
  });
}

/**
 * POST /api/password-reset/confirm: spends the token and sets the password in one
 * transaction (the hash is computed only by the one use that won the token), with the
 * 'Your password was changed' email. Then every session of the account ends (live streams
 * too) and its login throttle is cleared, and the person is signed in on this device with a
 * new session (the caller sets its cookie).
 * Opening a link sent to the address also proves the address.
 */
export async function confirmPasswordReset(
  ctx: AppContext,
  input: ConfirmInput,
  browser: { sessionId: number | undefined; userAgent: string | undefined },
) {
  const user = await ctx.db.transaction(async (tx) => {
    const used = await consumeAccountToken(tx, ctx, 'reset-password', input.token);
    if (!used) return null;
    const passwordHash = await hashPassword(input.password);
    const [row] = await tx
      .update(users)
      .set({ passwordHash, emailVerified: true, updatedAt: sql`now()` })
      .where(sql`${users.id} = ${used.userId} AND lower(${users.email}) = lower(${used.email})`)
      .returning();
    if (!row) return null;
    // A suspended account proves its address but is not signed in (issue 21 item 4): the
    // refusal rolls the reset back, so the link still works once the suspension ends.
    const suspended = suspensionMessage(row);
    if (suspended) throw forbidden(suspended);
    const resetPage = `${ctx.config.publicUrl}/forgot-password`;
    await queueEmail(
      tx,
      passwordChangedEmail({ to: row.email, name: nameOf(row), userId: row.id }, resetPage),
    );
    return row;
  });
  if (!user) throw badRequest(ACCOUNT_MESSAGES.invalidLink, 'invalid_link');
  await endSessions(ctx, { userId: user.id });
  // Whoever was signed in on this browser before (another account) is signed out too.
  if (browser.sessionId !== undefined) await endSessions(ctx, { sessionIds: [browser.sessionId] });
  await clearAccountThrottle(ctx, user.id);
  const { token, session } = await createSession(ctx, user.id, true, browser.userAgent);
  return { user, token, session };
}

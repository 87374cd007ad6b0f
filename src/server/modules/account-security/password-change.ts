import { eq } from 'drizzle-orm';
import { type ChangePasswordInput, PASSWORD_CHANGE_MESSAGES } from '@/contracts/account-security';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { endSessions } from '../auth/end-sessions';
import { releaseLoginAttempt, reserveLoginAttempt, throttleKeys } from '../auth/login-throttle';
import { hashPassword, verifyPassword } from '../auth/password';

/**
 * A signed-in person chooses a new password. The current one is checked against the same
 * guessing budget as a login (a stolen session must not become a password oracle), and every
 * other session ends (DESIGN.md §9): whoever else was signed in must sign in again.
 */
export async function changePassword(
  ctx: AppContext,
  caller: { userId: number; sessionId: number; ip: string },
  input: ChangePasswordInput,
) {
  const [user] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, caller.userId))
    .limit(1);
  const keys = throttleKeys('', caller.userId, caller.ip, null);
  await reserveLoginAttempt(ctx, keys);
  if (!user || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest(PASSWORD_CHANGE_MESSAGES.wrongCurrent);
  }
  await releaseLoginAttempt(ctx, keys);
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.update(users).set({ passwordHash }).where(eq(users.id, caller.userId));
  const ended = await endSessions(ctx, {
    userId: caller.userId,
    exceptSessionId: caller.sessionId,
  });
  return { message: PASSWORD_CHANGE_MESSAGES.changed, endedSessions: ended.length };
}

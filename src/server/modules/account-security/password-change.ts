import { eq, sql } from 'drizzle-orm';
import { type ChangePasswordInput, PASSWORD_CHANGE_MESSAGES } from '@/contracts/account-security';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { endSessions } from '../auth/end-sessions';
import { hashPassword } from '../auth/password';
import { checkCurrentPassword, type PasswordCaller } from './current-password';

/**
 * A signed-in person chooses a new password. The current one is checked on the login's
 * guessing budget, and every other session ends (DESIGN.md §9) in the same transaction as
 * the new hash: whoever else was signed in must sign in again.
 */
export async function changePassword(
  ctx: AppContext,
  caller: PasswordCaller & { sessionId: number },
  input: ChangePasswordInput,
) {
  await checkCurrentPassword(
    ctx,
    caller,
    input.currentPassword,
    PASSWORD_CHANGE_MESSAGES.wrongCurrent,
  );
  const passwordHash = await hashPassword(input.newPassword);
  const ended = await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(users.id, caller.userId));
    return endSessions(ctx, { userId: caller.userId, exceptSessionId: caller.sessionId }, tx);
  });
  ctx.caches.sessions.invalidate();
  return { message: PASSWORD_CHANGE_MESSAGES.changed, endedSessions: ended.length };
}

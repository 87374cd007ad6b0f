import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { badRequest, unauthorized } from '../../lib/errors';
import { releaseLoginAttempt, reserveLoginAttempt, throttleKeys } from '../auth/login-throttle';
import { verifyPassword } from '../auth/password';

export type PasswordCaller = { userId: number; ip: string };

/**
 * THE check of a signed-in person's current password before a change that needs it (new
 * password, new address, deleting the account). It spends the login's guessing budget (the
 * account's, shared with unknown devices), so a stolen session cannot become a password
 * oracle; a right password gives its attempt back, as a login does. An account deleted
 * meanwhile (a parallel delete won; its sessions are gone) answers 401 like its session, not
 * "wrong password" against the hash no password verifies, and spends no attempt.
 */
export async function checkCurrentPassword(
  ctx: AppContext,
  caller: PasswordCaller,
  password: string,
  wrongMessage: string,
): Promise<void> {
  const [user] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.id, caller.userId), isNull(users.deletedAt)))
    .limit(1);
  if (!user) throw unauthorized();
  const keys = throttleKeys('', caller.userId, caller.ip, null);
  await reserveLoginAttempt(ctx, keys);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw badRequest(wrongMessage, 'wrong_password');
  }
  await releaseLoginAttempt(ctx, keys);
}

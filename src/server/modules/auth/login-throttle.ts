import { eq, sql } from 'drizzle-orm';
import {
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_FREE_FAILURES_PER_ACCOUNT,
  LOGIN_FREE_FAILURES_PER_ADDRESS,
  LOGIN_MAX_DELAY_SECONDS,
} from '@/contracts/limits';
import type { AppContext } from '../../context';
import { loginThrottles } from '../../db/schema';
import { tooManyRequests } from '../../lib/errors';
import { formatWait } from '../../lib/rate-limit';

/**
 * Slows down password guessing without locking the real user out for long. Every attempt
 * is reserved BEFORE the password hash is checked, in one atomic upsert per key, so parallel
 * requests cannot all slip past a check-then-count gap: after a few attempts each further
 * one must wait, doubling from 1 s up to LOGIN_MAX_DELAY_SECONDS, and the counters start
 * over after LOGIN_FAILURE_WINDOW_MINUTES. A success gives the account's attempts back.
 * Kept in Postgres so all instances share it (decision 0002).
 */
export type ThrottleKeys = { account: string; address: string };

/**
 * One counter per account whichever identifier (email or username) was typed; an unknown
 * identifier gets a counter of its own so it answers exactly like an account.
 */
export function throttleKeys(
  identifier: string,
  userId: number | undefined,
  ip: string,
): ThrottleKeys {
  const account = userId ? `user:${userId}` : `identifier:${identifier.trim().toLowerCase()}`;
  return { account: `account:${account}`, address: `address:${ip}` };
}

/** Takes one attempt from the address's and the account's budget, or refuses with 429. */
export async function reserveLoginAttempt(ctx: AppContext, keys: ThrottleKeys): Promise<void> {
  // The address first: an attacker hammering a blocked account still spends its budget.
  await reserve(ctx, keys.address, LOGIN_FREE_FAILURES_PER_ADDRESS);
  await reserve(ctx, keys.account, LOGIN_FREE_FAILURES_PER_ACCOUNT);
}

/** A successful login gives the account's reserved attempts back. */
export async function clearAccountAttempts(ctx: AppContext, keys: ThrottleKeys): Promise<void> {
  await ctx.db.delete(loginThrottles).where(eq(loginThrottles.key, keys.account));
}

/**
 * Increments the key's attempts and sets the next wait in one statement; the update only
 * happens when the key is not waiting, so no row comes back for a refused attempt.
 */
async function reserve(ctx: AppContext, key: string, freeAttempts: number) {
  const windowStart = sql`now() - make_interval(mins => ${LOGIN_FAILURE_WINDOW_MINUTES})`;
  const expired = sql`${loginThrottles.windowStartedAt} < ${windowStart}`;
  const attempts = sql`CASE WHEN ${expired} THEN 1 ELSE ${loginThrottles.failures} + 1 END`;
  const reserved = await ctx.db
    .insert(loginThrottles)
    .values({
      key,
      failures: 1,
      blockedUntil: freeAttempts <= 1 ? sql`now() + interval '1 second'` : null,
    })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures: attempts,
        windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${loginThrottles.windowStartedAt} END`,
        blockedUntil: sql`CASE WHEN ${attempts} >= ${freeAttempts}
          THEN now() + make_interval(secs => least(power(2, ${attempts} - ${freeAttempts}), ${LOGIN_MAX_DELAY_SECONDS}))
          ELSE NULL END`,
      },
      setWhere: sql`${loginThrottles.blockedUntil} IS NULL OR ${loginThrottles.blockedUntil} <= now()`,
    })
    .returning({ key: loginThrottles.key });
  if (reserved.length > 0) return;

  const [row] = await ctx.db
    .select({ blockedUntil: loginThrottles.blockedUntil })
    .from(loginThrottles)
    .where(eq(loginThrottles.key, key));
  const waitMs = (row?.blockedUntil?.getTime() ?? 0) - Date.now();
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  throw tooManyRequests(
    `Too many login attempts. Please try again in ${formatWait(seconds)}.`,
    seconds,
  );
}

import { eq, sql } from 'drizzle-orm';
import { loginThrottledMessage } from '@/contracts/auth';
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
import type { DeviceClaim } from './device-cookie';

/**
 * Slows down password guessing without locking the real user out for long. Every attempt
 * is reserved BEFORE the password hash is checked, in one atomic upsert per key, so parallel
 * requests cannot all slip past a check-then-count gap: after a few attempts each further
 * one must wait, doubling from 1 s up to LOGIN_MAX_DELAY_SECONDS, and the counters start
 * over after LOGIN_FAILURE_WINDOW_MINUTES. A success gives the account's attempts back.
 * Kept in Postgres so all instances share it (decision 0002).
 */
export type ThrottleKeys =
  | { kind: 'unknown device'; account: string; address: string }
  | { kind: 'known device'; device: string };

/**
 * A browser that signed in to this account before (its device cookie names the account:
 * device-cookie.ts) has a counter of its own, so strangers' failures never lock it out.
 * Any other attempt uses the address's counter and the account's, shared by every unknown
 * device: one counter per account whichever identifier (email or username) was typed, and
 * an unknown identifier gets a counter of its own so it answers exactly like an account.
 */
export function throttleKeys(
  identifier: string,
  userId: number | undefined,
  ip: string,
  device: DeviceClaim | null,
): ThrottleKeys {
  if (userId && device?.userId === userId)
    return { kind: 'known device', device: `device:${device.deviceId}` };
  const account = userId ? `user:${userId}` : `identifier:${identifier.trim().toLowerCase()}`;
  return { kind: 'unknown device', account: `account:${account}`, address: `address:${ip}` };
}

/** Takes one attempt from each of the keys' budgets, or refuses with 429. */
export async function reserveLoginAttempt(ctx: AppContext, keys: ThrottleKeys): Promise<void> {
  if (keys.kind === 'known device') {
    await reserve(ctx, keys.device, LOGIN_FREE_FAILURES_PER_ACCOUNT);
    return;
  }
  // The address first: an attacker hammering a blocked account still spends its budget.
  await reserve(ctx, keys.address, LOGIN_FREE_FAILURES_PER_ADDRESS);
  await reserve(ctx, keys.account, LOGIN_FREE_FAILURES_PER_ACCOUNT);
}

/**
 * A successful login gives its reservation back. A known device starts over, and only it:
 * the owner signing in must not reset the strangers' counter. From an unknown device the
 * account starts over, and the address gets this one attempt back (its other failures still
 * count), so many people signing in from one office or NAT never run into its limit.
 */
export async function releaseLoginAttempt(ctx: AppContext, keys: ThrottleKeys): Promise<void> {
  if (keys.kind === 'known device') {
    await ctx.db.delete(loginThrottles).where(eq(loginThrottles.key, keys.device));
    return;
  }
  await ctx.db.delete(loginThrottles).where(eq(loginThrottles.key, keys.account));
  const remaining = sql`greatest(${loginThrottles.failures} - 1, 0)`;
  await ctx.db
    .update(loginThrottles)
    .set({
      failures: remaining,
      blockedUntil: sql`CASE WHEN ${remaining} < ${LOGIN_FREE_FAILURES_PER_ADDRESS} THEN NULL ELSE ${loginThrottles.blockedUntil} END`,
    })
    .where(eq(loginThrottles.key, keys.address));
}

/**
 * A password reset gives the account a clean slate: the counter unknown devices share starts
 * over (a device's own counter is that device's business).
 */
export async function clearAccountThrottle(ctx: AppContext, userId: number): Promise<void> {
  const keys = throttleKeys('', userId, '', null);
  if (keys.kind !== 'unknown device') return;
  await ctx.db.delete(loginThrottles).where(eq(loginThrottles.key, keys.account));
}

/**
 * Counts one attempt on the key and decides, in the same statement, whether it is checked:
 * within the free budget, or once the key's wait is over. An attempt refused while the key
 * waits still counts and doubles the wait, measured from the last CHECKED attempt and capped
 * at LOGIN_MAX_DELAY_SECONDS: a burst cannot outlast a short wait to slip one more guess in,
 * yet nobody is locked out longer than the cap after the last password actually tried.
 */
async function reserve(ctx: AppContext, key: string, freeAttempts: number) {
  const t = loginThrottles;
  const waiting = sql`(${t.blockedUntil} IS NOT NULL AND ${t.blockedUntil} > now())`;
  const windowStart = sql`now() - make_interval(mins => ${LOGIN_FAILURE_WINDOW_MINUTES})`;
  const expired = sql`(${t.windowStartedAt} < ${windowStart} AND NOT ${waiting})`;
  const attempts = sql`CASE WHEN ${expired} THEN 1 ELSE ${t.failures} + 1 END`;
  const wait = sql`make_interval(secs => least(power(2, ${attempts} - ${freeAttempts}), ${LOGIN_MAX_DELAY_SECONDS}))`;
  const [row] = await ctx.db
    .insert(t)
    .values({
      key,
      failures: 1,
      blockedUntil: freeAttempts <= 1 ? sql`now() + interval '1 second'` : null,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: attempts,
        windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${t.windowStartedAt} END`,
        checkedAt: sql`CASE WHEN ${waiting} THEN ${t.checkedAt} ELSE now() END`,
        blockedUntil: sql`CASE WHEN ${attempts} < ${freeAttempts} THEN NULL
          WHEN ${waiting} THEN ${t.checkedAt} + ${wait}
          ELSE now() + ${wait} END`,
      },
    })
    .returning({ checked: sql<boolean>`${t.checkedAt} = now()`, blockedUntil: t.blockedUntil });
  if (row?.checked) return;

  const waitMs = (row?.blockedUntil?.getTime() ?? 0) - Date.now();
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  throw tooManyRequests(loginThrottledMessage(formatWait(seconds)), seconds);
}

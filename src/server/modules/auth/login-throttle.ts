import { eq, inArray, sql } from 'drizzle-orm';
import {
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_FREE_FAILURES_PER_ACCOUNT,
  LOGIN_FREE_FAILURES_PER_ADDRESS,
  LOGIN_MAX_DELAY_SECONDS,
} from '@/contracts/limits';
import type { AppContext } from '../../context';
import { loginThrottles } from '../../db/schema';
import { tooManyRequests } from '../../lib/errors';

/**
 * Slows down password guessing without locking the real user out for long: after a few
 * failures each further attempt must wait, doubling from 1 s up to LOGIN_MAX_DELAY_SECONDS,
 * and the counters start over after LOGIN_FAILURE_WINDOW_MINUTES. Kept in Postgres so all
 * instances share it.
 */
export type ThrottleKeys = { account: string; address: string };

export function throttleKeys(identifier: string, ip: string): ThrottleKeys {
  return { account: `account:${identifier.trim().toLowerCase()}`, address: `address:${ip}` };
}

export async function assertNotThrottled(ctx: AppContext, keys: ThrottleKeys): Promise<void> {
  const rows = await ctx.db
    .select({ blockedUntil: loginThrottles.blockedUntil })
    .from(loginThrottles)
    .where(inArray(loginThrottles.key, [keys.account, keys.address]));
  const now = Date.now();
  const waitMs = Math.max(0, ...rows.map((row) => (row.blockedUntil?.getTime() ?? 0) - now));
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw tooManyRequests(
      `Too many login attempts. Please try again in ${formatWait(seconds)}.`,
      seconds,
    );
  }
}

export async function recordLoginFailure(ctx: AppContext, keys: ThrottleKeys): Promise<void> {
  await bumpFailures(ctx, keys.account, LOGIN_FREE_FAILURES_PER_ACCOUNT);
  await bumpFailures(ctx, keys.address, LOGIN_FREE_FAILURES_PER_ADDRESS);
}

export async function clearAccountFailures(ctx: AppContext, keys: ThrottleKeys): Promise<void> {
  await ctx.db.delete(loginThrottles).where(eq(loginThrottles.key, keys.account));
}

/** One atomic upsert, so concurrent failures cannot undercount. */
async function bumpFailures(ctx: AppContext, key: string, freeFailures: number) {
  const windowStart = sql`now() - make_interval(mins => ${LOGIN_FAILURE_WINDOW_MINUTES})`;
  const failures = sql`CASE WHEN ${loginThrottles.windowStartedAt} < ${windowStart} THEN 1 ELSE ${loginThrottles.failures} + 1 END`;
  await ctx.db
    .insert(loginThrottles)
    .values({
      key,
      failures: 1,
      blockedUntil: freeFailures <= 1 ? sql`now() + interval '1 second'` : null,
    })
    .onConflictDoUpdate({
      target: loginThrottles.key,
      set: {
        failures,
        windowStartedAt: sql`CASE WHEN ${loginThrottles.windowStartedAt} < ${windowStart} THEN now() ELSE ${loginThrottles.windowStartedAt} END`,
        blockedUntil: sql`CASE WHEN ${failures} >= ${freeFailures}
          THEN now() + make_interval(secs => least(power(2, ${failures} - ${freeFailures}), ${LOGIN_MAX_DELAY_SECONDS}))
          ELSE NULL END`,
      },
    });
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

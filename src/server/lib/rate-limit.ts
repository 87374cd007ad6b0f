import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { reusableStatement } from '../db/reusable-statement';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from './errors';

/**
 * A fixed-window rate limit kept in Postgres, so every instance counts against the same
 * budget (decision 0011). One atomic upsert counts the request and returns the count:
 * parallel requests cannot all pass a read-then-write gap.
 */
export type RateLimit = {
  /** What is limited and for whom, e.g. `payment-methods:user:42`. */
  key: string;
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
};

/**
 * The upsert that counts one request, built once (decision 0060): every limited route runs it
 * (a message sent, a search, a follow, a login…).
 */
const countRequest = reusableStatement((db) => {
  const windowSeconds = sql.placeholder('windowSeconds');
  const windowStart = sql`now() - make_interval(secs => ${windowSeconds})`;
  const expired = sql`${rateLimits.windowStartedAt} <= ${windowStart}`;
  return db
    .insert(rateLimits)
    .values({ key: sql.placeholder('key'), count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN now() ELSE ${rateLimits.windowStartedAt} END`,
      },
    })
    .returning({
      count: rateLimits.count,
      // Seconds until the window ends, by the database's clock (the one that counts).
      resetsIn: sql<number>`ceil(extract(epoch from ${rateLimits.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now()))::int`,
    });
});

/** Counts one request against the key's window; refuses with 429 + Retry-After when over. */
export async function takeRateLimit(db: Db, { key, limit, windowSeconds }: RateLimit) {
  const [row] = await countRequest(db, { key, windowSeconds });
  if (row!.count <= limit) return;
  const seconds = Math.max(1, Number(row!.resetsIn));
  throw tooManyRequests(`Too many requests. Please try again in ${formatWait(seconds)}.`, seconds);
}

/** "12 seconds", "1 minute", "5 minutes": how long to wait, in the user's words. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

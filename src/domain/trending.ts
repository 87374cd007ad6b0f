/**
 * Trending scores (spec section 2 "Trending"), computed from real activity:
 * - hot: pledges (count and amount) and views of the last 24 hours;
 * - rising: a dare's whole activity relative to its age, (activity) / (age in hours + 2)^1.5,
 *   for dares younger than RISING_MAX_AGE_DAYS, so a new dare with a little interest
 *   outranks an older one with more; newer first on equal scores;
 * - popular: all-time pledges and views;
 * - featured: operator picks (no score; newest pick first).
 * trending-queries.ts pre-ranks candidates in SQL with these same weights.
 */

/** One pledged dollar weighs as much as one view; a pledge itself is worth 10 views. */
export const TRENDING_WEIGHTS = { view: 1, pledge: 10, dollar: 1 } as const;
/** Older dares are no longer "rising": they had their chance. */
export const RISING_MAX_AGE_DAYS = 7;
/** The +2 h keeps a minutes-old dare from dividing by ~0; 1.5 is how fast age weighs. */
export const RISING_AGE_OFFSET_HOURS = 2;
export const RISING_GRAVITY = 1.5;

export type Activity = { pledgeCount: number; pledgedCents: number; views: number };

export function activityScore(activity: Activity): number {
  return (
    activity.pledgeCount * TRENDING_WEIGHTS.pledge +
    (activity.pledgedCents / 100) * TRENDING_WEIGHTS.dollar +
    activity.views * TRENDING_WEIGHTS.view
  );
}

/** Hot: what happened to the dare in the last 24 hours. */
export function hotScore(last24h: Activity): number {
  return activityScore(last24h);
}

/** Rising: all the dare's activity over its age; 0 once it is older than the window. */
export function risingScore(lifetime: Activity, ageHours: number): number {
  if (ageHours > RISING_MAX_AGE_DAYS * 24) return 0;
  const age = Math.max(0, ageHours) + RISING_AGE_OFFSET_HOURS;
  return activityScore(lifetime) / age ** RISING_GRAVITY;
}

/** Popular: all-time pledges and views. */
export function popularScore(total: Activity): number {
  return activityScore(total);
}

export type ScoredDare = { score: number; createdAt: Date; id: number };

/** Best score first; on equal scores the newer dare first (then the higher id). */
export function compareTrending(a: ScoredDare, b: ScoredDare): number {
  return b.score - a.score || b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
}

/**
 * Trending scores (spec section 2 "Trending"), computed from real activity:
 * - hot: pledge amount in the last 24 hours;
 * - rising: growth of activity (pledges and views) in the last 24 hours against the 24
 *   hours before;
 * - popular: all-time pledges and views;
 * - featured: operator picks (no score; newest pick first).
 */

/** One pledged dollar weighs as much as one view; a new pledge itself is worth 10 views. */
const VIEW_WEIGHT = 1;
const PLEDGE_WEIGHT = 10;
const DOLLAR_WEIGHT = 1;

export type WindowActivity = { pledgeCount: number; pledgedCents: number; views: number };

export function activityScore(activity: WindowActivity): number {
  return (
    activity.pledgeCount * PLEDGE_WEIGHT +
    (activity.pledgedCents / 100) * DOLLAR_WEIGHT +
    activity.views * VIEW_WEIGHT
  );
}

export function hotScore(last24h: WindowActivity): number {
  return last24h.pledgedCents;
}

/**
 * Growth ratio with +1 smoothing, so a dare going from nothing to a little is rising but
 * a dare with steady heavy activity is not; no activity now means not rising at all.
 */
export function risingScore(last24h: WindowActivity, previous24h: WindowActivity): number {
  const now = activityScore(last24h);
  if (now <= 0) return 0;
  return (now + 1) / (activityScore(previous24h) + 1);
}

export function popularScore(total: { pledgedCents: number; pledgeCount: number; views: number }) {
  return activityScore({
    pledgeCount: total.pledgeCount,
    pledgedCents: total.pledgedCents,
    views: total.views,
  });
}

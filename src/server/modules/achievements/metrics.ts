import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AchievementMetric } from '@/domain/achievements';
import { LIVE_PLEDGE_STATUSES } from '@/domain/pledges';
import type { Db, Tx } from '../../db/client';
import {
  comments,
  dareRequests,
  dares,
  follows,
  pledges,
  submissions,
  votes,
} from '../../db/schema';

/**
 * Where each metric of src/domain/achievements.ts is read from: the user's own history,
 * so a value is always the true count (repeat-safe), whether for one user after an event
 * or for everyone at once in the backfill.
 */
type MetricSource = { from: PgTable; user: PgColumn; where?: SQL; value: SQL<number> };

const counted = () => sql<number>`count(*)::int`;
/** Whole dollars of a cents column (floor: $99.99 is not yet $100). */
const dollars = (cents: PgColumn) => sql<number>`(coalesce(sum(${cents}), 0) / 100)::int`;

/**
 * What counts today, as on the profile (issue 19 item 15): a pledge counts while it is live
 * (held, awaiting the pledger's action, or captured); a cancelled, released or failed one no
 * longer does. transitionPledge records these metrics whenever a pledge becomes or stops
 * being live.
 */
const livePledge = inArray(pledges.status, [...LIVE_PLEDGE_STATUSES]);
/** The dares a user took on and completed: counted, and their amounts earned (the profile's Earned). */
const completedTaken = eq(dares.status, 'completed');

/**
 * Requests someone sent, not an email challenge's request (decision 0036): those exist only
 * for an address with an account, which its creator's progress must not reveal.
 */
const sentRequest = isNull(dareRequests.challengeDareId);

const SOURCES: Record<AchievementMetric, MetricSource> = {
  dares_created: { from: dares, user: dares.creatorId, value: counted() },
  proofs_submitted: { from: submissions, user: submissions.userId, value: counted() },
  dares_completed: { from: dares, user: dares.takerId, where: completedTaken, value: counted() },
  votes_cast: { from: votes, user: votes.userId, value: counted() },
  comments_posted: { from: comments, user: comments.userId, value: counted() },
  followers: { from: follows, user: follows.followedId, value: counted() },
  following: { from: follows, user: follows.followerId, value: counted() },
  requests_sent: {
    from: dareRequests,
    user: dareRequests.senderId,
    where: sentRequest,
    value: counted(),
  },
  requests_accepted: {
    from: dareRequests,
    user: dareRequests.senderId,
    where: and(sentRequest, eq(dareRequests.status, 'accepted')),
    value: counted(),
  },
  challenges_accepted: {
    from: dareRequests,
    user: dareRequests.recipientId,
    where: and(sentRequest, eq(dareRequests.status, 'accepted')),
    value: counted(),
  },
  // One source object for both (the same rows): measureMany reads them in one query.
  pledges_made: { from: pledges, user: pledges.userId, where: livePledge, value: counted() },
  dollars_pledged: {
    from: pledges,
    user: pledges.userId,
    where: livePledge,
    value: dollars(pledges.amountCents),
  },
  // The same rows as dares_completed: measured together.
  dollars_earned: {
    from: dares,
    user: dares.takerId,
    where: completedTaken,
    value: dollars(dares.currentAmountCents),
  },
};

/**
 * One user's values of several metrics: metrics read from the same rows (same table, user
 * column and condition) share one query, e.g. pledges made and dollars pledged.
 */
export async function measureMany(
  tx: Db | Tx,
  metrics: readonly AchievementMetric[],
  userId: number,
): Promise<Map<AchievementMetric, number>> {
  const groups = new Map<string, AchievementMetric[]>();
  const keys = new Map<MetricSource['from'] | MetricSource['user'] | SQL, number>();
  const keyOf = (part: MetricSource['from'] | MetricSource['user'] | SQL | undefined) => {
    if (part === undefined) return 'none';
    if (!keys.has(part)) keys.set(part, keys.size);
    return String(keys.get(part));
  };
  for (const metric of metrics) {
    const { from, user, where } = SOURCES[metric];
    const key = [keyOf(from), keyOf(user), keyOf(where)].join(':');
    groups.set(key, [...(groups.get(key) ?? []), metric]);
  }
  const values = new Map<AchievementMetric, number>();
  for (const group of groups.values()) {
    const source = SOURCES[group[0]!];
    const [row] = await tx
      .select(Object.fromEntries(group.map((metric) => [metric, SOURCES[metric].value])))
      .from(source.from)
      .where(and(eq(source.user, userId), source.where));
    for (const metric of group) values.set(metric, Number(row?.[metric] ?? 0));
  }
  return values;
}

/** Every user's value of a metric (users with none are left out). */
export async function measureEveryone(
  db: Db | Tx,
  metric: AchievementMetric,
): Promise<{ userId: number; value: number }[]> {
  const source = SOURCES[metric];
  const rows = await db
    .select({ userId: sql<number>`${source.user}`, value: source.value })
    .from(source.from)
    .where(and(isNotNull(source.user), source.where))
    .groupBy(source.user);
  return rows.map((row) => ({ userId: Number(row.userId), value: Number(row.value) }));
}

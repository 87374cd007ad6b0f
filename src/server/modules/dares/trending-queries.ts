import { and, desc, getTableColumns, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { TrendingType } from '@/contracts/dares';
import { LIVE_PLEDGE_STATUSES } from '@/domain/pledges';
import {
  type Activity,
  compareTrending,
  hotScore,
  popularScore,
  RISING_AGE_OFFSET_HOURS,
  RISING_GRAVITY,
  RISING_MAX_AGE_DAYS,
  risingScore,
  TRENDING_WEIGHTS,
} from '@/domain/trending';
import type { AppContext } from '../../context';
import { dares } from '../../db/schema';
import type { Audience } from '../moderation/visibility-sql';
import type { DareRow } from './dare-views';
import { isInFeedSql } from './feed-queries';
import { isListedSql } from './listed-sql';

/** How many candidates are scored; trending lists are a top list, not an endless feed. */
const CANDIDATES = 200;
const HOUR_MS = 60 * 60 * 1000;

const live = sql.raw(LIVE_PLEDGE_STATUSES.map((status) => `'${status}'`).join(', '));
/**
 * Pledges made in the last 24 hours that count (live). By created_at, not authorized_at: a
 * hold renewal re-stamps authorized_at, and a renewed old pledge is not new interest.
 */
const pledgesLast24h = sql`FROM pledges p WHERE p.dare_id = dares.id AND p.status IN (${live})
  AND p.created_at > now() - interval '24 hours'`;
const last24h = {
  pledgeCount24: sql<number>`(SELECT count(*) ${pledgesLast24h})`,
  pledgedCents24: sql<number>`(SELECT coalesce(sum(p.amount_cents), 0) ${pledgesLast24h})`,
  views24: sql<number>`(SELECT count(*) FROM dare_views v WHERE v.dare_id = dares.id
    AND v.created_at > now() - interval '24 hours')`,
};

/** activityScore of src/domain/trending.ts in SQL, to pre-rank candidates the same way. */
const activitySql = (count: SQL | typeof dares.pledgeCount, cents: unknown, views: unknown) =>
  sql`(${count} * ${TRENDING_WEIGHTS.pledge} + ${cents} / 100.0 * ${TRENDING_WEIGHTS.dollar}
    + ${views} * ${TRENDING_WEIGHTS.view})`;
const lifetimeSql = activitySql(dares.pledgeCount, dares.currentAmountCents, dares.viewCount);
const hotSql = activitySql(last24h.pledgeCount24, last24h.pledgedCents24, last24h.views24);
const ageHoursSql = sql`(extract(epoch FROM now() - ${dares.createdAt}) / 3600.0)`;
const risingSql = sql`(${lifetimeSql} / power(${ageHoursSql} + ${RISING_AGE_OFFSET_HOURS}, ${RISING_GRAVITY}))`;

const CANDIDATES_OF: Record<'hot' | 'rising' | 'popular', { where: SQL; order: SQL }> = {
  hot: { where: sql`${hotSql} > 0`, order: hotSql },
  rising: {
    where: sql`${lifetimeSql} > 0 AND ${dares.createdAt} > now() - make_interval(days => ${RISING_MAX_AGE_DAYS})`,
    order: risingSql,
  },
  popular: { where: sql`${lifetimeSql} > 0`, order: lifetimeSql },
};

/** The top dares of one trending list for the audience (isListedSql), best first. */
export async function trendingDares(
  ctx: AppContext,
  type: TrendingType,
  limit: number,
  audience: Audience,
): Promise<DareRow[]> {
  const shown = and(
    isInFeedSql(undefined),
    isListedSql({ viewer: audience.viewerId, mature: audience.mature }),
  );
  if (type === 'featured') {
    return ctx.db
      .select()
      .from(dares)
      .where(and(isNotNull(dares.featuredAt), shown))
      .orderBy(desc(dares.featuredAt), desc(dares.id))
      .limit(limit);
  }
  const candidates = CANDIDATES_OF[type];
  const rows = await ctx.db
    .select({ ...getTableColumns(dares), ...last24h })
    .from(dares)
    .where(and(shown, candidates.where))
    .orderBy(desc(candidates.order), desc(dares.createdAt), desc(dares.id))
    .limit(CANDIDATES);

  const now = Date.now();
  return rows
    .map(({ pledgeCount24, pledgedCents24, views24, ...dare }) => {
      const lifetime: Activity = {
        pledgeCount: dare.pledgeCount,
        pledgedCents: dare.currentAmountCents,
        views: dare.viewCount,
      };
      const score =
        type === 'hot'
          ? hotScore({
              pledgeCount: Number(pledgeCount24),
              pledgedCents: Number(pledgedCents24),
              views: Number(views24),
            })
          : type === 'rising'
            ? risingScore(lifetime, (now - dare.createdAt.getTime()) / HOUR_MS)
            : popularScore(lifetime);
      return { dare, score, createdAt: dare.createdAt, id: dare.id };
    })
    .filter((entry) => entry.score > 0)
    .sort(compareTrending)
    .slice(0, limit)
    .map((entry) => entry.dare);
}

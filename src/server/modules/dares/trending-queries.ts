import { and, desc, getTableColumns, isNotNull, sql } from 'drizzle-orm';
import type { TrendingType } from '@/contracts/dares';
import { hotScore, popularScore, risingScore, type WindowActivity } from '@/domain/trending';
import type { AppContext } from '../../context';
import { dares } from '../../db/schema';
import type { DareRow } from './dare-views';
import { isInFeedSql } from './feed-queries';

/** How many candidates are scored; trending lists are a top list, not an endless feed. */
const CANDIDATES = 200;

const pledgesIn = (from: string, to: string) =>
  sql.raw(`FROM pledges p WHERE p.dare_id = dares.id AND p.status IN ('authorized', 'requires_action', 'captured')
    AND p.authorized_at > now() - interval '${from}' AND p.authorized_at <= now() - interval '${to}'`);
const viewsIn = (from: string, to: string) =>
  sql.raw(`(SELECT count(*) FROM dare_views v WHERE v.dare_id = dares.id
    AND v.created_at > now() - interval '${from}' AND v.created_at <= now() - interval '${to}')`);

const activityColumns = {
  pledgeCount24: sql<number>`(SELECT count(*) ${pledgesIn('24 hours', '0 hours')})`,
  pledgedCents24: sql<number>`(SELECT coalesce(sum(p.amount_cents), 0) ${pledgesIn('24 hours', '0 hours')})`,
  views24: sql<number>`${viewsIn('24 hours', '0 hours')}`,
  pledgeCountPrev: sql<number>`(SELECT count(*) ${pledgesIn('48 hours', '24 hours')})`,
  pledgedCentsPrev: sql<number>`(SELECT coalesce(sum(p.amount_cents), 0) ${pledgesIn('48 hours', '24 hours')})`,
  viewsPrev: sql<number>`${viewsIn('48 hours', '24 hours')}`,
};

const CANDIDATE_ORDER = {
  hot: activityColumns.pledgedCents24,
  rising: sql`(${activityColumns.pledgeCount24} * 10 + ${activityColumns.pledgedCents24} / 100.0 + ${activityColumns.views24})`,
  popular: sql`(dares.pledge_count * 10 + dares.current_amount_cents / 100.0 + dares.view_count)`,
} as const;

type Scored = { row: DareRow; score: number };

/** The top dares of one trending list, best first. */
export async function trendingDares(
  ctx: AppContext,
  type: TrendingType,
  limit: number,
): Promise<DareRow[]> {
  if (type === 'featured') {
    return ctx.db
      .select()
      .from(dares)
      .where(and(isNotNull(dares.featuredAt), isInFeedSql(undefined)))
      .orderBy(desc(dares.featuredAt), desc(dares.id))
      .limit(limit);
  }
  const recentActivity = sql`(EXISTS (SELECT 1 ${pledgesIn('48 hours', '0 hours')})
    OR EXISTS (SELECT 1 FROM dare_views v WHERE v.dare_id = dares.id AND v.created_at > now() - interval '48 hours'))`;
  const rows = await ctx.db
    .select({ ...getTableColumns(dares), ...activityColumns })
    .from(dares)
    .where(and(isInFeedSql(undefined), type === 'popular' ? undefined : recentActivity))
    // Pre-rank candidates in SQL by the same weights the domain scores use.
    .orderBy(desc(CANDIDATE_ORDER[type]), desc(dares.id))
    .limit(CANDIDATES);

  const scored: Scored[] = rows.map((row) => {
    const last24h: WindowActivity = {
      pledgeCount: Number(row.pledgeCount24),
      pledgedCents: Number(row.pledgedCents24),
      views: Number(row.views24),
    };
    const previous: WindowActivity = {
      pledgeCount: Number(row.pledgeCountPrev),
      pledgedCents: Number(row.pledgedCentsPrev),
      views: Number(row.viewsPrev),
    };
    const score =
      type === 'hot'
        ? hotScore(last24h)
        : type === 'rising'
          ? risingScore(last24h, previous)
          : popularScore({
              pledgedCents: row.currentAmountCents,
              pledgeCount: row.pledgeCount,
              views: row.viewCount,
            });
    const {
      pledgeCount24,
      pledgedCents24,
      views24,
      pledgeCountPrev,
      pledgedCentsPrev,
      viewsPrev,
      ...dare
    } = row;
    return { row: dare, score };
  });
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || b.row.id - a.row.id)
    .slice(0, limit)
    .map((entry) => entry.row);
}

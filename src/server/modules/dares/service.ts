import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DarePage, TrendingType } from '@/contracts/dares';
import { centsToDollars } from '@/contracts/money';
import { LIVE_PLEDGE_STATUSES } from '@/domain/pledges';
import type { AppContext } from '../../context';
import { dareSaves, dares, pledges, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Audience } from '../moderation/visibility-sql';
import { type DareRow, toDareViews } from './dare-views';
import { findDareRows } from './feed-queries';
import { isListedSql } from './listed-sql';
import { withMatureGate } from './mature-gate';
import { trendingDares } from './trending-queries';

export const DARE_NOT_FOUND = 'Dare not found';
const SAVED_LIMIT = 100;

export async function toPage(
  ctx: AppContext,
  page: { rows: DareRow[]; nextCursor: string | null },
  viewerId: number | undefined,
): Promise<DarePage> {
  return { items: await toDareViews(ctx, page.rows, viewerId), nextCursor: page.nextCursor };
}

export async function getDare(ctx: AppContext, id: number, audience: Audience) {
  const [row] = await findDareRows(ctx, [id]);
  if (!row) throw notFound(DARE_NOT_FOUND);
  const [view] = await toDareViews(ctx, [row], audience.viewerId);
  return withMatureGate(view!, audience);
}

export async function trendingPage(
  ctx: AppContext,
  type: TrendingType,
  limit: number,
  audience: Audience,
): Promise<DarePage> {
  const rows = await trendingDares(ctx, type, limit, audience);
  return { items: await toDareViews(ctx, rows, audience.viewerId), nextCursor: null };
}

/** The viewer's saved dares that are still listed for them, most recently saved first. */
export async function savedPage(ctx: AppContext, audience: Audience): Promise<DarePage> {
  const viewerId = audience.viewerId!;
  const listed = isListedSql({ viewer: viewerId, mature: audience.mature });
  const saved = await ctx.db
    .select({ dareId: dareSaves.dareId })
    .from(dareSaves)
    .innerJoin(dares, eq(dares.id, dareSaves.dareId))
    .where(and(eq(dareSaves.userId, viewerId), sql`${listed}`))
    .orderBy(desc(dareSaves.createdAt))
    .limit(SAVED_LIMIT);
  const rows = await findDareRows(
    ctx,
    saved.map((entry) => entry.dareId),
  );
  return { items: await toDareViews(ctx, rows, viewerId), nextCursor: null };
}

/** Live pledges of a dare, newest first, with who made them (the detail's pledger list). */
export async function darePledges(ctx: AppContext, dareId: number) {
  const [dare] = await ctx.db.select({ id: dares.id }).from(dares).where(eq(dares.id, dareId));
  if (!dare) throw notFound(DARE_NOT_FOUND);
  const rows = await ctx.db
    .select({ pledge: pledges, user: users })
    .from(pledges)
    .innerJoin(users, eq(users.id, pledges.userId))
    .where(and(eq(pledges.dareId, dareId), inArray(pledges.status, [...LIVE_PLEDGE_STATUSES])))
    .orderBy(desc(pledges.createdAt), desc(pledges.id));
  return rows.map(({ pledge, user }) => ({
    id: pledge.id,
    userId: pledge.userId,
    dareId: pledge.dareId,
    amount: centsToDollars(pledge.amountCents),
    status: pledge.status,
    createdAt: pledge.createdAt.toISOString(),
    user: {
      id: user.id,
      username: user.username,
      displayName: user.displayName,
      profilePicture: user.profilePicture,
    },
  }));
}

import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DarePage, TrendingType } from '@/contracts/dares';
import type { UserRole } from '@/contracts/moderation-values';
import { centsToDollars } from '@/contracts/money';
import { LIVE_PLEDGE_STATUSES } from '@/domain/pledges';
import type { AppContext } from '../../context';
import { dareSaves, dares, pledges, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { assertDareVisible } from '../moderation/dare-access';
import { type Audience, audienceOf } from '../moderation/visibility-sql';
import { type DareRow, toDareViews } from './dare-views';
import { findDareRows } from './feed-queries';
import { isListedSql } from './listed-sql';
import { withMatureGate } from './mature-gate';
import { trendingDares } from './trending-queries';

export const DARE_NOT_FOUND = 'Dare not found';
type DareViewer = { id: number; role: UserRole; showMatureContent: boolean };
const SAVED_LIMIT = 100;

export async function toPage(
  ctx: AppContext,
  page: { rows: DareRow[]; nextCursor: string | null },
  viewerId: number | undefined,
): Promise<DarePage> {
  return { items: await toDareViews(ctx, page.rows, viewerId), nextCursor: page.nextCursor };
}

/**
 * GET /api/dares/{id} and the detail page's first screen: a dare a moderator holds or removed
 * is answered as dare-access says (404 / 410), its creator and moderators see it with its
 * moderationState; an R-rated dare is gated for whoever has not chosen to see them.
 */
export async function getDare(ctx: AppContext, id: number, viewer: DareViewer | undefined) {
  const [row] = await findDareRows(ctx, [id]);
  if (!row) throw notFound(DARE_NOT_FOUND);
  assertDareVisible(row, viewer);
  const [view] = await toDareViews(ctx, [row], viewer?.id);
  return withMatureGate(view!, audienceOf(viewer ? { user: viewer } : null));
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

/**
 * Live pledges of a dare, newest first, with who made them (the detail's pledger list): seen
 * by whoever may see the dare (dare-access).
 */
export async function darePledges(ctx: AppContext, dareId: number, viewer: DareViewer | undefined) {
  const [dare] = await ctx.db
    .select({ creatorId: dares.creatorId, moderationState: dares.moderationState })
    .from(dares)
    .where(eq(dares.id, dareId));
  if (!dare) throw notFound(DARE_NOT_FOUND);
  assertDareVisible(dare, viewer);
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

import { and, desc, eq, getTableColumns, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { FeedTab } from '@/contracts/dares';
import type { AppContext } from '../../context';
import { dares } from '../../db/schema';
import { decodeCursor, encodeCursor } from './cursor';
import type { DareRow } from './dare-views';

/**
 * SQL forms of the feed rules in src/domain/dare-visibility.ts (the integration tests
 * check both agree). Table names are spelled out because these run inside subqueries.
 */
const serverVideo = (column: string) =>
  sql.raw(
    `(${column} IS NOT NULL AND length(${column}) > 5 AND ${column} NOT LIKE 'blob:%' AND ${column} NOT LIKE 'data:%')`,
  );

const proofExists = (status: 'pending' | 'approved') =>
  sql.raw(
    `EXISTS (SELECT 1 FROM submissions s WHERE s.dare_id = dares.id AND s.status = '${status}' AND s.video_url NOT LIKE 'blob:%' AND s.video_url NOT LIKE 'data:%' AND length(s.video_url) > 5)`,
  );

export const hasPlayableVideoSql = sql`(
  (dares.status IN ('pending', 'active') AND ${serverVideo('dares.pitch_video')})
  OR (dares.status = 'verification' AND ${proofExists('pending')})
  OR (dares.status = 'completed' AND ${proofExists('approved')})
)`;

export function isInFeedSql(viewerId: number | undefined): SQL {
  const creatorSees = viewerId ? sql` OR dares.creator_id = ${viewerId}` : sql``;
  return sql`(${hasPlayableVideoSql} AND (
    dares.status NOT IN ('pending', 'active') OR dares.dare_type = 'self'
    OR dares.is_public_challenge OR dares.taker_id IS NOT NULL${creatorSees}
  ))`;
}

export function pledgedByViewerSql(viewerId: number): SQL {
  return sql`EXISTS (SELECT 1 FROM pledges p WHERE p.dare_id = dares.id AND p.user_id = ${viewerId}
    AND p.status IN ('authorized', 'requires_action', 'captured'))`;
}

const TAB_FILTERS: Record<FeedTab, SQL> = {
  active: sql`dares.status IN ('pending', 'active')`,
  votes: sql`dares.status = 'verification'`,
  watch: sql`dares.status = 'completed'`,
};

/** Exact timestamp text for the cursor (JS dates would lose the microseconds). */
const createdAtText = sql<string>`to_char(dares.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

type Page = { rows: DareRow[]; nextCursor: string | null };

/**
 * One page of a dare list ordered by (rank desc, createdAt desc, id desc), where rank is 1
 * for dares the viewer pledged to when `pledgedFirst` is set, else 0 for all.
 */
export async function pageOfDares(
  ctx: AppContext,
  options: {
    where: SQL[];
    viewerId?: number;
    pledgedFirst?: boolean;
    cursor?: string;
    limit: number;
  },
): Promise<Page> {
  const ranked = !!(options.pledgedFirst && options.viewerId);
  const rank = ranked
    ? sql<number>`(CASE WHEN ${pledgedByViewerSql(options.viewerId!)} THEN 1 ELSE 0 END)`
    : sql<number>`0::int`;
  const after = decodeCursor(options.cursor);
  const conditions = [...options.where];
  if (after) {
    conditions.push(sql`(${rank} < ${after.rank} OR (${rank} = ${after.rank}
      AND (dares.created_at, dares.id) < (${after.createdAt}::timestamptz, ${after.id})))`);
  }
  const rows = await ctx.db
    .select({ ...getTableColumns(dares), rank, createdAtText })
    .from(dares)
    .where(and(...conditions))
    .orderBy(...(ranked ? [desc(rank)] : []), desc(dares.createdAt), desc(dares.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > options.limit && last
      ? encodeCursor({ rank: Number(last.rank), createdAt: last.createdAtText, id: last.id })
      : null;
  return { rows: page.map(({ rank: _rank, createdAtText: _text, ...dare }) => dare), nextCursor };
}

/** The main feed, optionally one tab of it (spec section 4; DESIGN.md section 3). */
export function feedPage(
  ctx: AppContext,
  params: { viewerId?: number; tab?: FeedTab; cursor?: string; limit: number },
): Promise<Page> {
  const where = [isInFeedSql(params.viewerId)];
  if (params.tab) where.push(TAB_FILTERS[params.tab]);
  if (params.tab === 'votes') {
    // My Votes: dares under vote that the viewer pledged to; nothing for anonymous visitors.
    where.push(params.viewerId ? pledgedByViewerSql(params.viewerId) : sql`false`);
  }
  return pageOfDares(ctx, { ...params, where, pledgedFirst: true });
}

/** Discover: dares anyone can fund right now, newest first, the same for everyone. */
export function publicPage(ctx: AppContext, params: { cursor?: string; limit: number }) {
  return pageOfDares(ctx, { ...params, where: [isInFeedSql(undefined), TAB_FILTERS.active] });
}

/**
 * A person's dares: the ones they created and the ones they took on (the taker of an
 * accepted challenge; a self dare's taker is its creator). Challenges still waiting for
 * their recipient are the creator's business.
 */
export function userDaresPage(
  ctx: AppContext,
  params: { userId: number; viewerId?: number; cursor?: string; limit: number },
) {
  const where: SQL[] = [or(eq(dares.creatorId, params.userId), eq(dares.takerId, params.userId))!];
  if (params.viewerId !== params.userId) {
    where.push(
      sql`(dares.dare_type = 'self' OR dares.is_public_challenge OR dares.taker_id IS NOT NULL)`,
    );
  }
  return pageOfDares(ctx, { ...params, where });
}

export async function findDareRows(ctx: AppContext, ids: number[]): Promise<DareRow[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db.select().from(dares).where(inArray(dares.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}

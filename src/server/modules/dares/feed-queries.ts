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

/** The dares the viewer holds a live pledge on, as a subquery for `IN` / `NOT IN`. */
function pledgedDareIdsSql(viewerId: number): SQL {
  return sql`(SELECT p.dare_id FROM pledges p WHERE p.user_id = ${viewerId}
    AND p.status IN ('authorized', 'requires_action', 'captured'))`;
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
type Rank = 0 | 1;
type Keyed = DareRow & { createdAtText: string };

/**
 * Rows of one rank in (createdAt desc, id desc) order after a key: a keyset range the
 * dares_created_idx index walks and stops early. Rank 1 (the viewer's pledged dares) is
 * driven from the viewer's pledges instead.
 */
async function segment(
  ctx: AppContext,
  where: SQL[],
  only: SQL | undefined,
  after: { createdAt: string; id: number } | undefined,
  limit: number,
): Promise<Keyed[]> {
  const conditions = [...where];
  if (only) conditions.push(only);
  if (after) {
    conditions.push(
      sql`(dares.created_at, dares.id) < (${after.createdAt}::timestamptz, ${after.id})`,
    );
  }
  return ctx.db
    .select({ ...getTableColumns(dares), createdAtText })
    .from(dares)
    .where(and(...conditions))
    .orderBy(desc(dares.createdAt), desc(dares.id))
    .limit(limit);
}

/**
 * One page of a dare list ordered by (rank desc, createdAt desc, id desc), where rank is 1
 * for dares the viewer pledged to when `pledgedFirst` is set, else 0 for all.
 *
 * The ranks are read as two keyset segments, pledged dares first, rather than one ORDER BY
 * on a computed rank: that sorted every dare of the feed for each signed-in request (the
 * issue measured it 3x slower than the anonymous page). A page that ends the pledged
 * segment is filled from the start of the other one.
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
  const after = decodeCursor(options.cursor);
  const want = options.limit + 1;
  const ofRank = (rank: Rank) => {
    if (!ranked) return undefined;
    const pledged = pledgedDareIdsSql(options.viewerId!);
    return rank === 1 ? sql`dares.id IN ${pledged}` : sql`dares.id NOT IN ${pledged}`;
  };

  // Unranked lists are all rank 0, which sorts after any rank-1 cursor; a ranked one
  // starts with rank 1.
  let rank: Rank = ranked ? (after?.rank ?? 1) : 0;
  let key = after && after.rank === rank ? after : undefined;
  const rows: (Keyed & { rank: Rank })[] = [];
  for (;;) {
    const found = await segment(ctx, options.where, ofRank(rank), key, want - rows.length);
    for (const row of found) rows.push({ ...row, rank });
    if (rows.length >= want || rank === 0) break;
    rank = 0;
    key = undefined;
  }

  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > options.limit && last
      ? encodeCursor({ rank: last.rank, createdAt: last.createdAtText, id: last.id })
      : null;
  return {
    rows: page.map(({ rank: _rank, createdAtText: _text, ...dare }) => dare),
    nextCursor,
  };
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

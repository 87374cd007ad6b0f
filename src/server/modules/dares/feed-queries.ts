import {
  and,
  desc,
  eq,
  getTableColumns,
  inArray,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { FeedTab } from '@/contracts/dares';
import type { AppContext } from '../../context';
import { dares } from '../../db/schema';
import { decodeCursor, encodeCursor } from './cursor';
import { type DareRow, type DareRowWithExtras, viewExtrasColumns } from './dare-views';
import { isListedSql } from './listed-sql';

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

/** A value of the query, or a placeholder of a prepared statement (bound per request). */
type Param = number | Placeholder;

export function isInFeedSql(viewerId: Param | undefined): SQL {
  const creatorSees = viewerId ? sql` OR dares.creator_id = ${viewerId}` : sql``;
  return sql`(${hasPlayableVideoSql} AND (
    dares.status NOT IN ('pending', 'active') OR dares.dare_type = 'self'
    OR dares.is_public_challenge OR dares.taker_id IS NOT NULL${creatorSees}
  ))`;
}

/** The dares the viewer holds a live pledge on, as a subquery for `IN` / `NOT IN`. */
function pledgedDareIdsSql(viewerId: Param): SQL {
  return sql`(SELECT p.dare_id FROM pledges p WHERE p.user_id = ${viewerId}
    AND p.status IN ('authorized', 'requires_action', 'captured'))`;
}

export function pledgedByViewerSql(viewerId: Param): SQL {
  return sql`EXISTS (SELECT 1 FROM pledges p WHERE p.dare_id = dares.id AND p.user_id = ${viewerId}
    AND p.status IN ('authorized', 'requires_action', 'captured'))`;
}

const TAB_FILTERS: Record<FeedTab, SQL> = {
  active: sql`dares.status IN ('pending', 'active')`,
  votes: sql`dares.status = 'verification'`,
  watch: sql`dares.status = 'completed'`,
};

/** Exact timestamp text for the cursor (JS dates would lose the microseconds). */
export const createdAtText = sql<string>`to_char(dares.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** `cursors[i]` is the cursor that continues after `rows[i]` (what nextCursor is for the last). */
export type Page = { rows: DareRowWithExtras[]; cursors: string[]; nextCursor: string | null };
type Rank = 0 | 1;

/**
 * Which list a page comes from, everything that changes the SQL text of its query (`mature`:
 * R-rated dares may show, isListedSql). Values
 * (viewer, user, cursor, limit) are bound as parameters, so each shape is built and
 * prepared once per database (drizzle `prepare`, a named statement on Postgres): no query
 * building per request, and Postgres may keep a generic plan.
 */
type ListShape =
  | { list: 'feed'; tab?: FeedTab }
  | { list: 'public' }
  | { list: 'user'; ownList: boolean };
type SegmentShape = ListShape & { viewer: boolean; mature: boolean; rank?: Rank; cursor: boolean };

const P = {
  viewer: sql.placeholder('viewer'),
  user: sql.placeholder('user'),
  afterAt: sql.placeholder('afterAt'),
  afterId: sql.placeholder('afterId'),
  limit: sql.placeholder('limit'),
};

function listConditions(shape: SegmentShape): SQL[] {
  const viewer = shape.viewer ? P.viewer : undefined;
  const own = shape.list === 'user' && shape.ownList;
  return [...listRule(shape, viewer), isListedSql({ viewer, mature: shape.mature, own })];
}

function listRule(shape: SegmentShape, viewer: Placeholder | undefined): SQL[] {
  switch (shape.list) {
    case 'feed': {
      const where = [isInFeedSql(viewer)];
      if (shape.tab) where.push(TAB_FILTERS[shape.tab]);
      // My Votes: dares under vote that the viewer pledged to; nothing for anonymous visitors.
      if (shape.tab === 'votes') where.push(viewer ? pledgedByViewerSql(viewer) : sql`false`);
      return where;
    }
    case 'public':
      return [isInFeedSql(undefined), TAB_FILTERS.active];
    case 'user': {
      // A person's dares: the ones they created and the ones they took on. Challenges still
      // waiting for their recipient are the creator's business.
      const where = [or(eq(dares.creatorId, P.user), eq(dares.takerId, P.user))!];
      if (!shape.ownList) {
        where.push(
          sql`(dares.dare_type = 'self' OR dares.is_public_challenge OR dares.taker_id IS NOT NULL)`,
        );
      }
      return where;
    }
  }
}

/**
 * Rows of one rank in (createdAt desc, id desc) order after a key: a keyset range the
 * dares_created_idx index walks and stops early. The read view's extras come with the rows
 * (toDareViews does not ask again).
 */
function buildSegment(ctx: AppContext, shape: SegmentShape, name: string) {
  const conditions = listConditions(shape);
  if (shape.rank !== undefined) {
    const pledged = pledgedDareIdsSql(P.viewer);
    conditions.push(rankIs(shape.rank, pledged));
  }
  if (shape.cursor) {
    conditions.push(sql`(dares.created_at, dares.id) < (${P.afterAt}::timestamptz, ${P.afterId})`);
  }
  return ctx.db
    .select({
      ...getTableColumns(dares),
      createdAtText,
      ...viewExtrasColumns(shape.viewer ? P.viewer : undefined),
    })
    .from(dares)
    .where(and(...conditions))
    .orderBy(desc(dares.createdAt), desc(dares.id))
    .limit(P.limit)
    .prepare(name);
}

/**
 * Rank 1 reads the viewer's pledged dares by primary key and sorts those few: `= ANY(ARRAY(
 * subquery))` makes the list an init plan, where `IN (subquery)` let Postgres walk the whole
 * feed in date order probing it (122 ms instead of 0.5 ms at 10,000 dares). Rank 0 walks
 * the feed in date order and skips them through a hashed `NOT IN`.
 */
const rankIs = (rank: Rank, pledged: SQL) =>
  rank === 1 ? sql`dares.id = ANY (ARRAY${pledged})` : sql`dares.id NOT IN ${pledged}`;

type PreparedSegment = ReturnType<typeof buildSegment>;
const preparedByDb = new WeakMap<object, Map<string, PreparedSegment>>();

function preparedSegment(ctx: AppContext, shape: SegmentShape): PreparedSegment {
  let prepared = preparedByDb.get(ctx.db);
  if (!prepared) {
    prepared = new Map();
    preparedByDb.set(ctx.db, prepared);
  }
  const key = JSON.stringify(shape);
  let statement = prepared.get(key);
  if (!statement) {
    statement = buildSegment(ctx, shape, `dares_page_${prepared.size + 1}`);
    prepared.set(key, statement);
  }
  return statement;
}

async function segment(
  ctx: AppContext,
  shape: SegmentShape,
  values: { viewerId?: number; userId?: number; after?: { createdAt: string; id: number } },
  limit: number,
) {
  const rows = await preparedSegment(ctx, shape).execute({
    viewer: values.viewerId,
    user: values.userId,
    afterAt: values.after?.createdAt,
    afterId: values.after?.id,
    limit,
  });
  return rows.map(({ creator, sponsor, submission, pledged, liked, saved, ...row }) => ({
    ...row,
    extras: { creator, sponsor, submission, pledged, liked, saved, viewerId: values.viewerId },
  }));
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
async function pageOfDares(
  ctx: AppContext,
  list: ListShape,
  options: {
    viewerId?: number;
    mature: boolean;
    userId?: number;
    pledgedFirst?: boolean;
    cursor?: string;
    limit: number;
  },
): Promise<Page> {
  const viewer = options.viewerId !== undefined;
  const ranked = !!options.pledgedFirst && viewer;
  const after = decodeCursor(options.cursor);
  const want = options.limit + 1;

  // Unranked lists are all rank 0, which sorts after any rank-1 cursor; a ranked one
  // starts with rank 1.
  let rank: Rank = ranked ? (after?.rank ?? 1) : 0;
  let key = after && after.rank === rank ? after : undefined;
  const rows: (DareRowWithExtras & { createdAtText: string; rank: Rank })[] = [];
  for (;;) {
    const shape: SegmentShape = {
      ...list,
      viewer,
      mature: options.mature,
      ...(ranked ? { rank } : {}),
      cursor: key !== undefined,
    };
    const found = await segment(
      ctx,
      shape,
      { viewerId: options.viewerId, userId: options.userId, after: key },
      want - rows.length,
    );
    for (const row of found) rows.push({ ...row, rank });
    if (rows.length >= want || rank === 0) break;
    rank = 0;
    key = undefined;
  }

  const page = rows.slice(0, options.limit);
  const cursors = page.map((row) =>
    encodeCursor({ rank: row.rank, createdAt: row.createdAtText, id: row.id }),
  );
  return {
    rows: page.map(({ rank: _rank, createdAtText: _text, ...dare }) => dare),
    cursors,
    nextCursor: rows.length > options.limit ? (cursors.at(-1) ?? null) : null,
  };
}

/**
 * The main feed, optionally one tab of it (spec section 4; DESIGN.md section 3). `mature`:
 * R-rated dares may show (an opted-in viewer, or the shared pages kept for them).
 */
export function feedPage(
  ctx: AppContext,
  params: { viewerId?: number; mature: boolean; tab?: FeedTab; cursor?: string; limit: number },
): Promise<Page> {
  const list: ListShape = params.tab ? { list: 'feed', tab: params.tab } : { list: 'feed' };
  return pageOfDares(ctx, list, { ...params, pledgedFirst: true });
}

/** Discover: dares anyone can fund right now, newest first, the same for everyone. */
export function publicPage(
  ctx: AppContext,
  params: { viewerId?: number; mature: boolean; cursor?: string; limit: number },
) {
  return pageOfDares(ctx, { list: 'public' }, params);
}

/** A person's dares: created and taken on (see listConditions). */
export function userDaresPage(
  ctx: AppContext,
  params: { userId: number; viewerId?: number; mature: boolean; cursor?: string; limit: number },
) {
  return pageOfDares(ctx, { list: 'user', ownList: params.viewerId === params.userId }, params);
}

export async function findDareRows(ctx: AppContext, ids: number[]): Promise<DareRow[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db.select().from(dares).where(inArray(dares.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}

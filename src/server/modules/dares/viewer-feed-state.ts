import { sql } from 'drizzle-orm';
import type { DareStatus, FeedTab } from '@/contracts/dares';
import { feedTabOf } from '@/domain/dare-visibility';
import type { AppContext } from '../../context';
import { encodeCursor } from './cursor';
import { createdAtText, isInFeedSql } from './feed-queries';
import { isListedSql } from './listed-sql';

/**
 * Beyond this many live pledges, likes or saves, a viewer's pages come from the query alone:
 * the cache holds at most this many ids of each per viewer.
 */
export const HELD_IDS_MAX = 1000;

/** A dare the viewer pledged to that is in their feed: rank 1 of the feed's order. */
export type PledgedFeedDare = {
  id: number;
  createdAt: string;
  tab: FeedTab | null;
  /** The cursor that continues the feed after this dare (rank 1). */
  cursor: string;
};

/**
 * What a signed-in viewer's feed adds to the shared anonymous pages (decision 0028), or null
 * when their pages must come from the query: they see dares nobody else does (a challenge
 * of theirs still waiting for its recipient) or hold more than HELD_IDS_MAX of something.
 */
export type ViewerFeedState = {
  /** Dares with a live pledge of the viewer: the hasUserPledged flag and rank 1. */
  pledged: Set<number>;
  liked: Set<number>;
  saved: Set<number>;
  /** People in a block with the viewer, either way: their dares leave the viewer's pages. */
  blocked: Set<number>;
  /** The pledged dares the viewer's feed shows, in feed order (newest first, then id). */
  pledgedInFeed: PledgedFeedDare[];
} | null;

type StateRow = {
  pledged: number[];
  liked: number[];
  saved: number[];
  blocked: number[];
  seesOwnHidden: boolean;
  pledgedInFeed: { id: number; createdAt: string; status: DareStatus }[];
};

/**
 * One round trip: every part of the state, each list capped one past HELD_IDS_MAX. `inFeed`
 * is what the viewer's query would list, `shared` what the shared pages of their variant do.
 */
async function readState(
  ctx: AppContext,
  viewerId: number,
  mature: boolean,
): Promise<ViewerFeedState> {
  const cap = HELD_IDS_MAX + 1;
  const inFeed = sql`(${isInFeedSql(viewerId)} AND ${isListedSql({ viewer: viewerId, mature })})`;
  const shared = sql`(${isInFeedSql(undefined)} AND ${isListedSql({ mature })})`;
  const result = (await ctx.db.execute(sql`
    WITH pledged AS (
      SELECT DISTINCT p.dare_id FROM pledges p
      WHERE p.user_id = ${viewerId} AND p.status IN ('authorized', 'requires_action', 'captured')
      LIMIT ${cap}
    )
    SELECT
      (SELECT coalesce(json_agg(dare_id), '[]'::json) FROM pledged) AS "pledged",
      (SELECT coalesce(json_agg(x.dare_id), '[]'::json)
        FROM (SELECT dare_id FROM dare_likes WHERE user_id = ${viewerId} LIMIT ${cap}) x) AS "liked",
      (SELECT coalesce(json_agg(x.dare_id), '[]'::json)
        FROM (SELECT dare_id FROM dare_saves WHERE user_id = ${viewerId} LIMIT ${cap}) x) AS "saved",
      (SELECT coalesce(json_agg(x.id), '[]'::json) FROM (
        SELECT blocked_id AS id FROM user_blocks WHERE blocker_id = ${viewerId}
        UNION SELECT blocker_id FROM user_blocks WHERE blocked_id = ${viewerId} LIMIT ${cap}) x) AS "blocked",
      EXISTS (SELECT 1 FROM dares WHERE dares.creator_id = ${viewerId}
        AND ${inFeed} AND NOT ${shared}) AS "seesOwnHidden",
      (SELECT coalesce(json_agg(json_build_object('id', dares.id, 'createdAt', ${createdAtText},
          'status', dares.status) ORDER BY dares.created_at DESC, dares.id DESC), '[]'::json)
        FROM dares WHERE dares.id = ANY (ARRAY(SELECT dare_id FROM pledged))
          AND ${inFeed}) AS "pledgedInFeed"
  `)) as unknown as { rows: StateRow[] };
  const row = result.rows[0]!;
  const held = [row.pledged, row.liked, row.saved, row.blocked];
  const tooMany = held.some((ids) => ids.length > HELD_IDS_MAX);
  if (row.seesOwnHidden || tooMany) return null;
  return {
    pledged: new Set(row.pledged),
    liked: new Set(row.liked),
    saved: new Set(row.saved),
    blocked: new Set(row.blocked),
    pledgedInFeed: row.pledgedInFeed.map((dare) => ({
      id: dare.id,
      createdAt: dare.createdAt,
      tab: feedTabOf(dare.status),
      cursor: encodeCursor({ rank: 1, createdAt: dare.createdAt, id: dare.id }),
    })),
  };
}

/**
 * The viewer's state, shared by their requests until a feed change drops it (NOTIFY `feed`:
 * a block, or the viewer's 'Show R-rated dares', changes the users row or user_blocks).
 */
export function viewerFeedState(
  ctx: AppContext,
  viewerId: number,
  mature: boolean,
): Promise<ViewerFeedState> {
  const key = `${viewerId}:${mature ? 'R' : 'G'}`;
  return ctx.caches.viewerFeeds.get(key, () => readState(ctx, viewerId, mature));
}

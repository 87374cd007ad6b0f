import { sql } from 'drizzle-orm';
import type { DareStatus, FeedTab } from '@/contracts/dares';
import { feedTabOf } from '@/domain/dare-visibility';
import type { AppContext } from '../../context';
import { encodeCursor } from './cursor';
import { createdAtText, isInFeedSql } from './feed-queries';

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
  /** The pledged dares the viewer's feed shows, in feed order (newest first, then id). */
  pledgedInFeed: PledgedFeedDare[];
} | null;

type StateRow = {
  pledged: number[];
  liked: number[];
  saved: number[];
  seesOwnHidden: boolean;
  pledgedInFeed: { id: number; createdAt: string; status: DareStatus }[];
};

/** One round trip: every part of the state, each list capped one past HELD_IDS_MAX. */
async function readState(ctx: AppContext, viewerId: number): Promise<ViewerFeedState> {
  const cap = HELD_IDS_MAX + 1;
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
      EXISTS (SELECT 1 FROM dares WHERE dares.creator_id = ${viewerId}
        AND ${isInFeedSql(viewerId)} AND NOT ${isInFeedSql(undefined)}) AS "seesOwnHidden",
      (SELECT coalesce(json_agg(json_build_object('id', dares.id, 'createdAt', ${createdAtText},
          'status', dares.status) ORDER BY dares.created_at DESC, dares.id DESC), '[]'::json)
        FROM dares WHERE dares.id = ANY (ARRAY(SELECT dare_id FROM pledged))
          AND ${isInFeedSql(viewerId)}) AS "pledgedInFeed"
  `)) as unknown as { rows: StateRow[] };
  const row = result.rows[0]!;
  const tooMany = [row.pledged, row.liked, row.saved].some((ids) => ids.length > HELD_IDS_MAX);
  if (row.seesOwnHidden || tooMany) return null;
  return {
    pledged: new Set(row.pledged),
    liked: new Set(row.liked),
    saved: new Set(row.saved),
    pledgedInFeed: row.pledgedInFeed.map((dare) => ({
      id: dare.id,
      createdAt: dare.createdAt,
      tab: feedTabOf(dare.status),
      cursor: encodeCursor({ rank: 1, createdAt: dare.createdAt, id: dare.id }),
    })),
  };
}

/** The viewer's state, shared by their requests until a feed change drops it (NOTIFY `feed`). */
export function viewerFeedState(ctx: AppContext, viewerId: number): Promise<ViewerFeedState> {
  return ctx.caches.viewerFeeds.get(String(viewerId), () => readState(ctx, viewerId));
}

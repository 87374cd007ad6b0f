import { type SQL, sql } from 'drizzle-orm';
import type { SqlParam } from '../moderation/visibility-sql';

/**
 * True when the viewer and the person whose id is in `idColumn` (SQL text) are in a block,
 * either way round (issue 21 item 5: neither sees the other). Both directions are indexed:
 * the primary key (blocker, blocked) and user_blocks_blocked_idx.
 */
export function blockedWithSql(viewer: SqlParam, idColumn: string): SQL {
  const other = sql.raw(idColumn);
  return sql`EXISTS (SELECT 1 FROM user_blocks ub
    WHERE (ub.blocker_id = ${viewer} AND ub.blocked_id = ${other})
       OR (ub.blocked_id = ${viewer} AND ub.blocker_id = ${other}))`;
}

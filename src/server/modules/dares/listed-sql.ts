import { type SQL, sql } from 'drizzle-orm';
import { blockedWithSql } from '../blocks/block-sql';
import { type SqlParam, userIsVisibleSql } from '../moderation/visibility-sql';

/** Whom a list is read for, in SQL terms (see Audience in moderation/visibility-sql.ts). */
export type ListedFor = {
  viewer?: SqlParam;
  mature: boolean;
  /** The viewer's own list of their dares (GET /api/dares/user/{own id}). */
  own?: boolean;
};

/**
 * THE rule of which dares a list may show to whom (issue 21), ANDed with each list's own
 * rule (isInFeedSql, a trending score, a search match, a saved row) by every dare list:
 * - a dare under review or removed is listed nowhere, but the owner's own list keeps an
 *   under-review dare (the owner sees 'Under review' on it);
 * - a suspended or hidden creator's dares are listed nowhere (their own list aside);
 * - an R-rated dare only for a viewer who turned on 'Show R-rated dares' (and in the
 *   owner's own list);
 * - a signed-in viewer sees no dare of someone they blocked or who blocked them.
 */
export function isListedSql(rule: ListedFor): SQL {
  const { viewer } = rule;
  if (rule.own && viewer !== undefined) {
    return sql`((dares.moderation_state IS NULL OR (dares.moderation_state = 'under_review'
      AND dares.creator_id = ${viewer}))
      AND (dares.creator_id = ${viewer} OR ${userIsVisibleSql('dares.creator_id')}))`;
  }
  const parts = [sql`dares.moderation_state IS NULL`, userIsVisibleSql('dares.creator_id')];
  if (!rule.mature) parts.push(sql`dares.content_rating <> 'R'`);
  if (viewer !== undefined) parts.push(sql`NOT ${blockedWithSql(viewer, 'dares.creator_id')}`);
  return sql`(${sql.join(parts, sql` AND `)})`;
}

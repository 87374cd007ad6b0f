import type { Placeholder, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { isSuspendedSql } from './suspension-sql';

/** A value of a query, or a placeholder of a prepared statement (bound per request). */
export type SqlParam = number | Placeholder;

/**
 * Who a list is shown to (issue 21): the signed-in viewer, if any (blocks, their own dares),
 * and whether R-rated dares may show ('Show R-rated dares', never for anonymous visitors).
 */
export type Audience = { viewerId?: number; mature: boolean };
export const ANONYMOUS: Audience = { mature: false };

/** The audience of a request: anonymous, or the signed-in user and their setting. */
export function audienceOf(
  auth: { user: { id: number; showMatureContent: boolean } } | null | undefined,
): Audience {
  return auth ? { viewerId: auth.user.id, mature: auth.user.showMatureContent } : ANONYMOUS;
}

/**
 * A person others may see, over a users row spelled `alias`: not hidden by moderation
 * (under review or removed) and not suspended. Their profile, comments, messages and dares
 * are shown to nobody else while this is false.
 */
export function isVisibleUserSql(alias = 'users'): SQL {
  return sql`(${sql.raw(alias)}.moderation_state IS NULL AND NOT ${isSuspendedSql(alias)})`;
}

/** The person whose id is in `idColumn` (SQL text, e.g. `dares.creator_id`) may be seen. */
export function userIsVisibleSql(idColumn: string): SQL {
  return sql`EXISTS (SELECT 1 FROM users vu WHERE vu.id = ${sql.raw(idColumn)} AND ${isVisibleUserSql('vu')})`;
}

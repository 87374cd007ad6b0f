import { and, asc, desc, isNull, type SQL, sql } from 'drizzle-orm';
import type { SearchPerson } from '@/contracts/search';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { blockedWithSql } from '../blocks/block-sql';
import { type Audience, isVisibleUserSql } from '../moderation/visibility-sql';
import { escapeLike } from './query-text';

/**
 * One page of one section: `typos` asks for near matches instead of the words themselves;
 * `audience`: who asks (what they may find, issue 21).
 */
export type SectionQuery = {
  query: string;
  offset: number;
  limit: number;
  typos: boolean;
  audience: Audience;
};

/** Both names as one string: the expression of users_names_trgm_idx (0007_search_indexes.sql). */
const names = sql`(${users.username} || ' ' || coalesce(${users.displayName}, ''))`;
const TYPO_MIN_CHARS = 3;

export function searchPeople(ctx: AppContext, params: SectionQuery): Promise<SearchPerson[]> {
  return peopleSearchQuery(ctx, params) ?? Promise.resolve([]);
}

/**
 * People by name (decision 0021), a leading @ ignored. One letter: usernames starting with it. Two: usernames
 * or display names starting with it. Three or more: also names containing it anywhere.
 * Ranked: exact username, username prefix, display-name prefix, substring; ties
 * alphabetical. With `typos` (asked when nothing matched): names close to the query
 * (trigram word similarity), closest first. The scale test EXPLAINs this query.
 */
export function peopleSearchQuery(ctx: AppContext, params: SectionQuery) {
  const { offset, limit, typos } = params;
  // "@maya" is how people write a username.
  const query = params.query.replace(/^@+/, '').trim();
  if (!query || (typos && query.length < TYPO_MIN_CHARS)) return null;
  const lowered = query.toLowerCase();
  const prefix = `${escapeLike(lowered)}%`;
  const contains = `%${escapeLike(lowered)}%`;
  const username = sql`lower(${users.username})`;
  const displayName = sql`lower(${users.displayName})`;

  let match: SQL;
  let score: SQL;
  if (typos) {
    match = sql`${query} <% ${names}`;
    score = sql`word_similarity(${query}, ${names})`;
  } else {
    const matches: SQL[] = [sql`${username} LIKE ${prefix}`];
    if (query.length >= 2) matches.push(sql`${displayName} LIKE ${prefix}`);
    if (query.length >= 3) matches.push(sql`${names} ILIKE ${contains}`);
    match = sql`(${sql.join(matches, sql` OR `)})`;
    score = sql`CASE
      WHEN ${username} = ${lowered} THEN 4
      WHEN ${username} LIKE ${prefix} THEN 3
      WHEN ${displayName} LIKE ${prefix} THEN 2
      ELSE 1 END`;
  }
  // Deleted accounts (decision 0046) are nobody to find, nor suspended or hidden ones, nor
  // someone in a block with the searcher (issue 21).
  const { viewerId } = params.audience;
  const blocked = viewerId ? sql`NOT ${blockedWithSql(viewerId, 'users.id')}` : undefined;
  return ctx.db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      profilePicture: users.profilePicture,
    })
    .from(users)
    .where(and(match, isNull(users.deletedAt), isVisibleUserSql('users'), blocked))
    .orderBy(desc(score), asc(username), asc(users.id))
    .limit(limit)
    .offset(offset);
}

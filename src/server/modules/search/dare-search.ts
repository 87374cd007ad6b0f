import { desc, sql } from 'drizzle-orm';
import { SEARCH_DARES_MIN_CHARS } from '@/contracts/limits';
import { centsToDollars } from '@/contracts/money';
import type { SearchDare } from '@/contracts/search';
import type { AppContext } from '../../context';
import { dares } from '../../db/schema';
import { isInFeedSql } from '../dares/feed-queries';
import { isListedSql } from '../dares/listed-sql';
import type { SectionQuery } from './people-search';
import { prefixTsQuery, queryWords } from './query-text';

/** Typos are looked for in queries this long; shorter ones would match nearly anything. */
const TYPO_MIN_CHARS = 4;
/** How many of the newest matching dares a word search ranks (see dareSearchQuery). */
export const SEARCH_CANDIDATES = 1000;

/**
 * `search_document` is the generated tsvector of drizzle/0007_search_indexes.sql (title
 * weighted A, description B), indexed by GIN; `<%` (word_similarity) uses the trigram index
 * on the title.
 */
const document = sql.raw('dares.search_document');

export async function searchDares(ctx: AppContext, params: SectionQuery): Promise<SearchDare[]> {
  const rows = (await dareSearchQuery(ctx, params)) ?? [];
  return rows.map(({ currentAmountCents, targetAmountCents, ...row }) => ({
    ...row,
    currentAmount: centsToDollars(currentAmountCents),
    targetAmount: centsToDollars(targetAmountCents),
  }));
}

/**
 * Dares the searcher may see (the public feed's rule and the listing rule, the very
 * predicates the feed uses) whose
 * words match: every word, the last as a prefix, ranked by text rank (title words count
 * more). A word found in most dares ("the") would rank them all, so the ranking looks at
 * the SEARCH_CANDIDATES newest matches: for a rare word the GIN index finds them, for a
 * common one a walk down the created_at index does, whichever the planner finds cheaper.
 * With `typos`: dares whose title is close to the query instead (the service asks when no
 * dare has the words), by similarity. Ties newest first. Null when the query is too short
 * to search dares. The scale test EXPLAINs this query.
 */
export function dareSearchQuery(ctx: AppContext, params: SectionQuery) {
  const { query, offset, limit, typos, audience } = params;
  const shown = sql`${isInFeedSql(undefined)} AND ${isListedSql({ viewer: audience.viewerId, mature: audience.mature })}`;
  const words = queryWords(query);
  const letters = words.join('').length;
  if (letters < (typos ? TYPO_MIN_CHARS : SEARCH_DARES_MIN_CHARS)) return null;
  const columns = {
    id: dares.id,
    title: dares.title,
    status: dares.status,
    coverImage: dares.coverImage,
    pitchPoster: dares.pitchPoster,
    currentAmountCents: dares.currentAmountCents,
    targetAmountCents: dares.targetAmountCents,
  };
  if (typos) {
    const typoText = words.join(' ');
    return ctx.db
      .select(columns)
      .from(dares)
      .where(sql`${typoText} <% ${dares.title} AND ${shown}`)
      .orderBy(desc(sql`word_similarity(${typoText}, ${dares.title})`), desc(dares.id))
      .limit(limit)
      .offset(offset);
  }
  const tsQuery = sql`to_tsquery('simple', ${prefixTsQuery(query)})`;
  const candidates = ctx.db
    .select({ ...columns, document: sql<string>`${document}`.as('document') })
    .from(dares)
    .where(sql`${document} @@ ${tsQuery} AND ${shown}`)
    .orderBy(desc(dares.createdAt), desc(dares.id))
    .limit(SEARCH_CANDIDATES)
    .as('candidates');
  return ctx.db
    .select({
      id: candidates.id,
      title: candidates.title,
      status: candidates.status,
      coverImage: candidates.coverImage,
      pitchPoster: candidates.pitchPoster,
      currentAmountCents: candidates.currentAmountCents,
      targetAmountCents: candidates.targetAmountCents,
    })
    .from(candidates)
    .orderBy(desc(sql`ts_rank(${candidates.document}, ${tsQuery})`), desc(candidates.id))
    .limit(limit)
    .offset(offset);
}

import { SEARCH_RESULTS_MAX, SEARCHES_PER_MINUTE } from '@/contracts/limits';
import type { SearchPage, SearchType } from '@/contracts/search';
import type { AppContext } from '../../context';
import { takeRateLimit } from '../../lib/rate-limit';
import type { Audience } from '../moderation/visibility-sql';
import { decodeSearchCursor, encodeSearchCursor } from './cursor';
import { searchDares } from './dare-search';
import { type SectionQuery, searchPeople } from './people-search';

export type SearchParams = { q: string; type: SearchType; cursor?: string; limit: number };

/** Who is asking, for the rate limit: the user when signed in, else the address. */
export type Searcher = { userId?: number; ip: string };

const sections = { people: searchPeople, dares: searchDares } as const;

/**
 * One search budget per caller for everything that looks people or dares up by text
 * (/api/search and the user list's ?q=), so a second way in does not double it.
 */
export function takeSearchBudget(ctx: AppContext, searcher: Searcher) {
  return takeRateLimit(ctx.db, {
    key: searcher.userId ? `search:user:${searcher.userId}` : `search:ip:${searcher.ip}`,
    limit: SEARCHES_PER_MINUTE,
    windowSeconds: 60,
  });
}

/**
 * One page of one section of the search (GET /api/search). Exact matches (words,
 * prefixes) come first; only when a section has none does it look for near matches
 * (typos). Trigram similarity over every candidate is what makes a search slow, and the
 * planner underrates it, so it runs only when it is the only hope (decision 0021).
 */
export async function search(
  ctx: AppContext,
  params: SearchParams,
  searcher: Searcher,
  audience: Audience,
): Promise<SearchPage> {
  const after = decodeSearchCursor(params.type, params.cursor);
  await takeSearchBudget(ctx, searcher);
  // The last page stops at SEARCH_RESULTS_MAX; one extra row tells whether another follows.
  const limit = Math.min(params.limit, SEARCH_RESULTS_MAX - after.offset);
  const section = sections[params.type] as (
    ctx: AppContext,
    query: SectionQuery,
  ) => Promise<Array<{ id: number }>>;
  const query = {
    query: params.q,
    offset: after.offset,
    limit: limit + 1,
    typos: after.typos,
    audience,
  };
  let typos = after.typos;
  let rows = await section(ctx, query);
  if (rows.length === 0 && after.offset === 0 && !typos) {
    typos = true;
    rows = await section(ctx, { ...query, typos });
  }
  const more = rows.length > limit && after.offset + limit < SEARCH_RESULTS_MAX;
  return {
    type: params.type,
    items: rows.slice(0, limit),
    nextCursor: more
      ? encodeSearchCursor(params.type, { offset: after.offset + limit, typos })
      : null,
  } as SearchPage;
}

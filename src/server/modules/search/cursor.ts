import { SEARCH_RESULTS_MAX } from '@/contracts/limits';
import type { SearchType } from '@/contracts/search';
import { badRequest } from '../../lib/errors';
import { INVALID_CURSOR } from '../dares/cursor';

/**
 * Search pages are ranked by relevance, a float that makes a poor keyset, so a cursor is
 * the offset of the next page within its section, bounded by SEARCH_RESULTS_MAX (the top-N
 * sort never keeps more rows than that), and whether the section shows near matches
 * (typos) because nothing matched exactly.
 */
export type SearchCursor = { offset: number; typos: boolean };

export function encodeSearchCursor(type: SearchType, cursor: SearchCursor): string {
  return Buffer.from(JSON.stringify([type, cursor.offset, cursor.typos ? 1 : 0])).toString(
    'base64url',
  );
}

/** Only what encodeSearchCursor writes for this section is accepted; anything else is a 400. */
export function decodeSearchCursor(type: SearchType, value: string | undefined): SearchCursor {
  if (!value) return { offset: 0, typos: false };
  try {
    const [cursorType, offset, typos] = JSON.parse(
      Buffer.from(value, 'base64url').toString('utf8'),
    );
    if (
      cursorType === type &&
      Number.isInteger(offset) &&
      offset >= 1 &&
      offset < SEARCH_RESULTS_MAX &&
      (typos === 0 || typos === 1)
    ) {
      return { offset, typos: typos === 1 };
    }
  } catch {
    // fall through
  }
  throw badRequest(INVALID_CURSOR);
}

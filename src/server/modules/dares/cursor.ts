import { MAX_ID } from '@/contracts/common';
import { badRequest } from '../../lib/errors';

/**
 * Keyset pagination: a cursor names the last item of a page by its sort key, so pages
 * stay stable while new dares are inserted (they sort before the cursor).
 */
export type FeedCursor = { rank: 0 | 1; createdAt: string; id: number };

export function encodeCursor(cursor: FeedCursor): string {
  return Buffer.from(JSON.stringify([cursor.rank, cursor.createdAt, cursor.id])).toString(
    'base64url',
  );
}

/** What encodeCursor writes: rank 0 or 1, a UTC timestamp as Postgres prints it, an integer id. */
const TIMESTAMP = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/;
export const INVALID_CURSOR = 'Invalid cursor: use the nextCursor of the previous page';

/** False for 2020-02-31 and 25:00, which Date.parse would roll over but Postgres refuses. */
function isCalendarTime(value: string): boolean {
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 19) === value.slice(0, 19);
}

/** Anything that is not exactly what we wrote is refused here, not by Postgres (a 500). */
export function decodeCursor(value: string | undefined): FeedCursor | undefined {
  if (!value) return undefined;
  try {
    const [rank, createdAt, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      (rank === 0 || rank === 1) &&
      Number.isInteger(id) &&
      id >= 1 &&
      id <= MAX_ID &&
      typeof createdAt === 'string' &&
      TIMESTAMP.test(createdAt) &&
      isCalendarTime(createdAt)
    ) {
      return { rank, createdAt, id };
    }
  } catch {
    // fall through
  }
  throw badRequest(INVALID_CURSOR);
}

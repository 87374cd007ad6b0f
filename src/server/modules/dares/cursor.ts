import { badRequest } from '../../lib/errors';

/**
 * Keyset pagination: a cursor names the last item of a page by its sort key, so pages
 * stay stable while new dares are inserted (they sort before the cursor).
 */
export type FeedCursor = { rank: number; createdAt: string; id: number };

export function encodeCursor(cursor: FeedCursor): string {
  return Buffer.from(JSON.stringify([cursor.rank, cursor.createdAt, cursor.id])).toString(
    'base64url',
  );
}

export function decodeCursor(value: string | undefined): FeedCursor | undefined {
  if (!value) return undefined;
  try {
    const [rank, createdAt, id] = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      typeof rank === 'number' &&
      typeof id === 'number' &&
      typeof createdAt === 'string' &&
      !Number.isNaN(Date.parse(createdAt))
    ) {
      return { rank, createdAt, id };
    }
  } catch {
    // fall through
  }
  throw badRequest('Invalid cursor');
}

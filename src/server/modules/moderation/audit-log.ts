import { desc, sql } from 'drizzle-orm';
import { MODERATION_LOG_PAGE } from '@/contracts/limits';
import type { ModerationLog } from '@/contracts/moderation';
import type { AppContext } from '../../context';
import { moderationActions } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../dares/cursor';
import { toLogEntry } from '../moderation-actions/audit-log';

/** The time as Postgres keeps it (microseconds), so a cursor names exactly one place. */
const createdAtText = sql<string>`to_char(${moderationActions.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * GET /api/moderation/log (issue 21 item 3): the append-only audit log, newest first, in
 * keyset pages of MODERATION_LOG_PAGE (the feed's cursor format, rank unused) along
 * moderation_actions_created_idx. Who is the moderator's name when they acted.
 */
export async function moderationLog(
  ctx: AppContext,
  cursorText: string | undefined,
): Promise<ModerationLog> {
  const cursor = decodeCursor(cursorText);
  const rows = await ctx.db
    .select({ entry: moderationActions, createdAtText })
    .from(moderationActions)
    .where(
      cursor
        ? sql`(${moderationActions.createdAt}, ${moderationActions.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`
        : undefined,
    )
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(MODERATION_LOG_PAGE + 1);
  const page = rows.slice(0, MODERATION_LOG_PAGE);
  const last = page.at(-1);
  return {
    entries: page.map(({ entry }) => toLogEntry(entry)),
    nextCursor:
      rows.length > MODERATION_LOG_PAGE && last
        ? encodeCursor({ rank: 0, createdAt: last.createdAtText, id: last.entry.id })
        : null,
  };
}

import { and, asc, eq, gt } from 'drizzle-orm';
import type { AccountExportRow } from '@/contracts/account-export';
import { dareLikes, dareSaves, dares } from '../../../db/schema';
import { iso, type Reader, type SectionReader } from './shared';

/** Likes and saves: one row per dare (their key), so the dare id pages them. */
function reactionReader(
  table: typeof dareLikes | typeof dareSaves,
): Reader<AccountExportRow<'likes'>> {
  return async (tx, scope, after, limit) => {
    const rows = await tx
      .select({ dare: { id: dares.id, title: dares.title }, at: table.createdAt })
      .from(table)
      .innerJoin(dares, eq(dares.id, table.dareId))
      .where(and(eq(table.userId, scope.userId), gt(table.dareId, after)))
      .orderBy(asc(table.dareId))
      .limit(limit);
    return rows.map((row) => ({ key: row.dare.id, row: { dare: row.dare, at: iso(row.at) } }));
  };
}

export const readLikes: SectionReader<'likes'> = reactionReader(dareLikes);
export const readSaves: SectionReader<'saves'> = reactionReader(dareSaves);

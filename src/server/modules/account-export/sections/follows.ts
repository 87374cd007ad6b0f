import { and, asc, eq, gt } from 'drizzle-orm';
import type { AccountExportRow } from '@/contracts/account-export';
import { follows, users } from '../../../db/schema';
import { iso, personColumns, type Reader, type SectionReader } from './shared';

/** Whom the account follows ('following') or who follows it ('followers'), by public name. */
function followReader(side: 'following' | 'followers'): Reader<AccountExportRow<'following'>> {
  const [mine, theirs] =
    side === 'following'
      ? [follows.followerId, follows.followedId]
      : [follows.followedId, follows.followerId];
  return async (tx, scope, after, limit) => {
    const rows = await tx
      .select({ id: follows.id, person: personColumns(users), since: follows.createdAt })
      .from(follows)
      .innerJoin(users, eq(users.id, theirs))
      .where(and(eq(mine, scope.userId), gt(follows.id, after)))
      .orderBy(asc(follows.id))
      .limit(limit);
    return rows.map((row) => ({ key: row.id, row: { person: row.person, since: iso(row.since) } }));
  };
}

export const readFollowing: SectionReader<'following'> = followReader('following');
export const readFollowers: SectionReader<'followers'> = followReader('followers');

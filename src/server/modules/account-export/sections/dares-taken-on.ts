import { and, asc, eq, gt, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { dares, users } from '../../../db/schema';
import { dareColumns, dareFields } from './dare-fields';
import { personColumns, type SectionReader } from './shared';

const creator = alias(users, 'creator');

/**
 * Dares someone else created that the account took on (accepted a challenge or a request).
 * Its own self dares are among daresCreated already. The challenge's contact stays out: it
 * is the creator's input.
 */
export const readDaresTakenOn: SectionReader<'daresTakenOn'> = async (tx, scope, after, limit) => {
  const rows = await tx
    .select({ dare: dareColumns, creator: personColumns(creator) })
    .from(dares)
    .innerJoin(creator, eq(creator.id, dares.creatorId))
    .where(
      and(eq(dares.takerId, scope.userId), ne(dares.creatorId, scope.userId), gt(dares.id, after)),
    )
    .orderBy(asc(dares.id))
    .limit(limit);
  return rows.map((row) => ({
    key: row.dare.id,
    row: { ...dareFields(scope, row.dare), creator: row.creator },
  }));
};

import { and, asc, eq, gt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { dares, users } from '../../../db/schema';
import { dareColumns, dareFields } from './dare-fields';
import { personColumns, type SectionReader } from './shared';

const taker = alias(users, 'taker');

/** The dares the account created, with whom it challenged as it typed it (its own input). */
export const readDaresCreated: SectionReader<'daresCreated'> = async (tx, scope, after, limit) => {
  const rows = await tx
    .select({
      dare: dareColumns,
      dareType: dares.dareType,
      recipientType: dares.recipientType,
      recipientContact: dares.recipientContact,
      taker: personColumns(taker),
    })
    .from(dares)
    .leftJoin(taker, eq(taker.id, dares.takerId))
    .where(and(eq(dares.creatorId, scope.userId), gt(dares.id, after)))
    .orderBy(asc(dares.id))
    .limit(limit);
  return rows.map((row) => ({
    key: row.dare.id,
    row: {
      ...dareFields(scope, row.dare),
      dareType: row.dareType,
      recipientType: row.recipientType,
      recipientContact: row.recipientContact,
      taker: row.taker,
    },
  }));
};

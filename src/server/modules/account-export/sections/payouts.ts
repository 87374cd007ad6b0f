import { and, asc, eq, gt } from 'drizzle-orm';
import { dares, payouts } from '../../../db/schema';
import { iso, isoOrNull, money, type SectionReader } from './shared';

/** What the account was paid (or is owed) for dares it completed. No transfer ids. */
export const readPayouts: SectionReader<'payouts'> = async (tx, scope, after, limit) => {
  const rows = await tx
    .select({
      id: payouts.id,
      dare: { id: dares.id, title: dares.title },
      amountCents: payouts.amountCents,
      feeCents: payouts.feeCents,
      status: payouts.status,
      createdAt: payouts.createdAt,
      paidAt: payouts.paidAt,
    })
    .from(payouts)
    .innerJoin(dares, eq(dares.id, payouts.dareId))
    .where(and(eq(payouts.takerId, scope.userId), gt(payouts.id, after)))
    .orderBy(asc(payouts.id))
    .limit(limit);
  return rows.map((row) => ({
    key: row.id,
    row: {
      id: row.id,
      dare: row.dare,
      amount: money(row.amountCents),
      fee: money(row.feeCents),
      status: row.status,
      createdAt: iso(row.createdAt),
      paidAt: isoOrNull(row.paidAt),
    },
  }));
};

import { and, asc, eq, gt } from 'drizzle-orm';
import { PLEDGE_STATUS_WORDS } from '@/domain/pledged-dares';
import { dares, pledges } from '../../../db/schema';
import { iso, isoOrNull, money, type SectionReader } from './shared';

/**
 * The account's pledges: amount, state and its dates. No payment intent, client secret or
 * card id: those are keys at the card provider, not the person's data.
 */
export const readPledges: SectionReader<'pledges'> = async (tx, scope, after, limit) => {
  const rows = await tx
    .select({
      id: pledges.id,
      dare: { id: dares.id, title: dares.title },
      amountCents: pledges.amountCents,
      status: pledges.status,
      captured: pledges.captured,
      createdAt: pledges.createdAt,
      authorizedAt: pledges.authorizedAt,
      capturedAt: pledges.capturedAt,
      releasedAt: pledges.releasedAt,
    })
    .from(pledges)
    .innerJoin(dares, eq(dares.id, pledges.dareId))
    .where(and(eq(pledges.userId, scope.userId), gt(pledges.id, after)))
    .orderBy(asc(pledges.id))
    .limit(limit);
  return rows.map((row) => ({
    key: row.id,
    row: {
      id: row.id,
      dare: row.dare,
      amount: money(row.amountCents),
      status: row.status,
      statusText: PLEDGE_STATUS_WORDS[row.status],
      captured: row.captured,
      createdAt: iso(row.createdAt),
      authorizedAt: isoOrNull(row.authorizedAt),
      capturedAt: isoOrNull(row.capturedAt),
      releasedAt: isoOrNull(row.releasedAt),
    },
  }));
};

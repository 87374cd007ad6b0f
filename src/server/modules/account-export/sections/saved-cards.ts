import { and, asc, eq, gt } from 'drizzle-orm';
import { userPaymentMethods } from '../../../db/schema';
import { iso, type SectionReader } from './shared';

/** Saved cards as the Billing screen shows them: brand, last 4, expiry. Never the gateway's id. */
export const readSavedCards: SectionReader<'savedCards'> = async (tx, scope, after, limit) => {
  const rows = await tx
    .select({
      id: userPaymentMethods.id,
      brand: userPaymentMethods.brand,
      last4: userPaymentMethods.last4,
      expMonth: userPaymentMethods.expMonth,
      expYear: userPaymentMethods.expYear,
      isDefault: userPaymentMethods.isDefault,
      createdAt: userPaymentMethods.createdAt,
    })
    .from(userPaymentMethods)
    .where(and(eq(userPaymentMethods.userId, scope.userId), gt(userPaymentMethods.id, after)))
    .orderBy(asc(userPaymentMethods.id))
    .limit(limit);
  return rows.map(({ id, createdAt, ...card }) => ({
    key: id,
    row: { ...card, addedAt: iso(createdAt) },
  }));
};

import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { dares, pledges } from '@/server/db/schema';

/**
 * Inserts an authorized pledge and counts it toward its dare in one transaction, as the
 * pledge flow does, for tests that need pledges without going through a card payment.
 */
export async function addAuthorizedPledge(
  db: Db,
  values: { userId: number; dareId: number; amountCents: number; authorizedAt?: Date },
) {
  const authorizedAt = values.authorizedAt ?? new Date();
  return db.transaction(async (tx) => {
    const [pledge] = await tx
      .insert(pledges)
      .values({ ...values, status: 'authorized', authorizedAt, createdAt: authorizedAt })
      .returning();
    await tx
      .update(dares)
      .set({
        currentAmountCents: sql`${dares.currentAmountCents} + ${values.amountCents}`,
        pledgeCount: sql`${dares.pledgeCount} + 1`,
      })
      .where(eq(dares.id, values.dareId));
    return pledge!;
  });
}

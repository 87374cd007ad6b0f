import { and, eq, sql } from 'drizzle-orm';
import type { WaitingPayouts } from '@/contracts/funding';
import { centsToDollars } from '@/contracts/money';
import type { AppContext } from '../../context';
import { payouts } from '../../db/schema';

/**
 * What a taker earned that has not reached them because their payout account is missing or
 * not verified yet: the prompt on their profile ('You have $X waiting') reads this.
 */
export async function waitingPayouts(ctx: AppContext, takerId: number): Promise<WaitingPayouts> {
  const [row] = await ctx.db
    .select({
      cents: sql<number>`coalesce(sum(${payouts.amountCents}), 0)::bigint`,
      dares: sql<number>`count(*)::int`,
    })
    .from(payouts)
    .where(and(eq(payouts.takerId, takerId), eq(payouts.status, 'waiting_for_account')));
  return { amount: centsToDollars(Number(row?.cents ?? 0)), dares: Number(row?.dares ?? 0) };
}

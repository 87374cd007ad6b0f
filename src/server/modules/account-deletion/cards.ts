import { and, eq, isNotNull } from 'drizzle-orm';
import { PaymentGatewayError } from '../../adapters/payments/gateway';
import type { AppContext } from '../../context';
import { pledges, userPaymentMethods, users } from '../../db/schema';
import type { FundingEnv } from '../funding/funding-options';

/** The gateway's answers for a card already detached or unknown: what we wanted. */
const ALREADY_GONE = new Set(['resource_missing', 'payment_method_unexpected_state']);

/**
 * Step 6 (cards): every card the account saved (Billing & Payment) or pledged with (saved for
 * off-session renewals) is detached from its customer at the gateway, so it can never be
 * charged again, then the saved-card rows go. Runs after the pledges were released, so no
 * hold still needs a card. A gateway failure throws and the retry detaches the rest.
 */
export async function detachCards(ctx: AppContext, env: FundingEnv, userId: number) {
  const saved = await ctx.db
    .select({ id: userPaymentMethods.gatewayPaymentMethodId })
    .from(userPaymentMethods)
    .where(eq(userPaymentMethods.userId, userId));
  const pledged = await ctx.db
    .selectDistinct({ id: pledges.paymentMethodId })
    .from(pledges)
    .where(and(eq(pledges.userId, userId), isNotNull(pledges.paymentMethodId)));
  const ids = new Set([...saved, ...pledged].map((row) => row.id).filter((id) => id !== null));
  for (const id of ids) {
    try {
      await env.gateway.detachPaymentMethod(id);
    } catch (error) {
      if (!(error instanceof PaymentGatewayError && ALREADY_GONE.has(error.error.code)))
        throw error;
    }
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(userPaymentMethods).where(eq(userPaymentMethods.userId, userId));
    await tx.update(users).set({ stripeCustomerId: null }).where(eq(users.id, userId));
  });
  return ids.size;
}

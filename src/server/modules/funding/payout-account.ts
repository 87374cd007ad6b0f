import { eq } from 'drizzle-orm';
import type { PaymentGateway } from '../../adapters/payments/gateway';
import type { AppContext } from '../../context';
import { connectedAccounts, users } from '../../db/schema';

export type PayoutAccount = { gatewayAccountId: string; verified: boolean } | null;

/**
 * The user's payout account and whether it can receive transfers. connected_accounts (and
 * its mirror users.stripeConnectVerified) keep the app's copy of the flag; the gateway is the authority (onboarding completes there, and
 * with Stripe a webhook may not have arrived yet), so an unverified copy is checked again at
 * the gateway and brought up to date. A verified copy is trusted without a call.
 */
export async function payoutAccount(
  ctx: AppContext,
  gateway: PaymentGateway,
  userId: number,
): Promise<PayoutAccount> {
  const [row] = await ctx.db
    .select()
    .from(connectedAccounts)
    .where(eq(connectedAccounts.userId, userId));
  if (!row) return null;
  if (row.verified) return { gatewayAccountId: row.gatewayAccountId, verified: true };
  const remote = await gateway.retrieveConnectedAccount(row.gatewayAccountId);
  if (remote.verified) {
    // Both copies, as the billing module's connect-status refresh keeps them.
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(connectedAccounts)
        .set({ verified: true, detailsSubmitted: remote.detailsSubmitted, updatedAt: new Date() })
        .where(eq(connectedAccounts.id, row.id));
      await tx.update(users).set({ stripeConnectVerified: true }).where(eq(users.id, userId));
    });
  }
  return { gatewayAccountId: row.gatewayAccountId, verified: remote.verified };
}

import { and, eq } from 'drizzle-orm';
import {
  BILLING_MESSAGES,
  type ConnectStatus,
  PAYOUT_MESSAGES,
  type VerifyPayoutAccountInput,
} from '@/contracts/billing';
import { paymentGateway, simulatedGateway } from '../../adapters/payments/create-gateway';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { connectedAccounts, users } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { fromGatewayError } from './gateway-calls';
import { sameSiteUrl } from './same-site-url';

/*
 * The dare taker's payout account (DESIGN.md section 4, "Payouts"): a connected account at the
 * gateway, linked to the user in connected_accounts and mirrored on users.stripeConnectId /
 * stripeConnectVerified, which the payout code reads.
 */

type AccountState = { id: string; verified: boolean; detailsSubmitted: boolean };

const accountOf = async (db: Db, userId: number) =>
  (await db.select().from(connectedAccounts).where(eq(connectedAccounts.userId, userId)))[0];

/**
 * The user's account, created on first need. The gateway call carries an idempotency key per
 * user, so two racing requests get the same account; the unique user_id keeps one link.
 */
async function ensureConnectedAccount(ctx: AppContext, userId: number): Promise<string> {
  const existing = await accountOf(ctx.db, userId);
  if (existing) return existing.gatewayAccountId;
  const [user] = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound('User not found');
  const account = await paymentGateway(ctx)
    .createConnectedAccount({ email: user.email, idempotencyKey: `connect-account:user:${userId}` })
    .catch((error: unknown) => {
      throw fromGatewayError(ctx, error, PAYOUT_MESSAGES.notFound);
    });
  return ctx.db.transaction(async (tx) => {
    await tx
      .insert(connectedAccounts)
      .values({ userId, gatewayAccountId: account.id })
      .onConflictDoNothing();
    const stored = (await accountOf(tx, userId))!;
    await tx
      .update(users)
      .set({ stripeConnectId: stored.gatewayAccountId })
      .where(eq(users.id, userId));
    return stored.gatewayAccountId;
  });
}

/** POST /api/stripe/connect-account: the onboarding link (return/refresh only to this site). */
export async function createOnboardingLink(
  ctx: AppContext,
  userId: number,
  input: { refreshUrl: string; returnUrl: string },
): Promise<{ url: string }> {
  const refreshUrl = sameSiteUrl(ctx.config.publicUrl, input.refreshUrl);
  const returnUrl = sameSiteUrl(ctx.config.publicUrl, input.returnUrl);
  if (!refreshUrl || !returnUrl) throw badRequest(PAYOUT_MESSAGES.urlNotAllowed);
  const accountId = await ensureConnectedAccount(ctx, userId);
  try {
    return await paymentGateway(ctx).createAccountOnboardingLink({
      accountId,
      refreshUrl,
      returnUrl,
    });
  } catch (error) {
    throw fromGatewayError(ctx, error, PAYOUT_MESSAGES.notFound);
  }
}

/** Stores what the gateway says about the account, on both rows that mirror it. */
async function storeState(ctx: AppContext, userId: number, account: AccountState) {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(connectedAccounts)
      .set({
        verified: account.verified,
        detailsSubmitted: account.detailsSubmitted,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(connectedAccounts.userId, userId),
          eq(connectedAccounts.gatewayAccountId, account.id),
        ),
      );
    await tx
      .update(users)
      .set({ stripeConnectVerified: account.verified })
      .where(eq(users.id, userId));
  });
}

const toStatus = (account: AccountState): ConnectStatus => ({
  isVerified: account.verified,
  detailsSubmitted: account.detailsSubmitted,
  accountId: account.id,
});

/** GET /api/stripe/connect-status: refreshed from the gateway; 400 when there is no account. */
export async function connectStatus(ctx: AppContext, userId: number): Promise<ConnectStatus> {
  const link = await accountOf(ctx.db, userId);
  if (!link) throw badRequest(BILLING_MESSAGES.notConnected, 'not_connected');
  const account = await paymentGateway(ctx)
    .retrieveConnectedAccount(link.gatewayAccountId)
    .catch((error: unknown) => {
      throw fromGatewayError(ctx, error, PAYOUT_MESSAGES.notFound);
    });
  await storeState(ctx, userId, account);
  return toStatus(account);
}

/**
 * The simulated onboarding form's submit. The details were checked by the route's schema and
 * are dropped here: only the verified flag is kept, as Stripe would keep them on its side.
 */
export async function verifyPayoutAccount(
  ctx: AppContext,
  userId: number,
  input: VerifyPayoutAccountInput,
): Promise<ConnectStatus> {
  const gateway = simulatedGateway(ctx);
  const link = await accountOf(ctx.db, userId);
  // Someone else's account id reads as unknown, like any id that is not the caller's.
  if (!gateway || !link || link.gatewayAccountId !== input.accountId) {
    throw notFound(PAYOUT_MESSAGES.notFound);
  }
  const account = await gateway.verifyConnectedAccount(link.gatewayAccountId).catch((error) => {
    throw fromGatewayError(ctx, error, PAYOUT_MESSAGES.notFound);
  });
  await storeState(ctx, userId, account);
  return toStatus(account);
}

import { eq, sql } from 'drizzle-orm';
import type { PaymentStatus } from '@/contracts/funding';
import { centsToDollars } from '@/contracts/money';
import { splitFee } from '@/domain/money';
import type { AppContext } from '../../context';
import { dares, payouts, pledges } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { type FundingOptions, fundingEnv } from './funding-options';
import { payoutAccount } from './payout-account';

/**
 * The creator's view of a dare's money: what was captured, what failed or still waits, and
 * the payout. Before a payout row exists its fee and amount are a preview of the same rule
 * on what was captured, so the panel never shows a number the payout would not use.
 */
export async function paymentStatus(
  ctx: AppContext,
  dareId: number,
  options: FundingOptions = {},
): Promise<PaymentStatus> {
  const env = fundingEnv(ctx, options);
  const [dare] = await ctx.db
    .select({ takerId: dares.takerId })
    .from(dares)
    .where(eq(dares.id, dareId));
  if (!dare) throw notFound('Dare not found');

  const [counts] = await ctx.db
    .select({
      capturedCents: sql<number>`coalesce(sum(${pledges.amountCents}) filter (where ${pledges.status} = 'captured'), 0)::bigint`,
      captured: sql<number>`count(*) filter (where ${pledges.status} = 'captured')::int`,
      // A declined first authorization is failed too, but never held money: not counted.
      failed: sql<number>`count(*) filter (where ${pledges.status} = 'failed' and ${pledges.authorizedAt} is not null)::int`,
      awaiting: sql<number>`count(*) filter (where ${pledges.status} in ('authorized', 'requires_action'))::int`,
    })
    .from(pledges)
    .where(eq(pledges.dareId, dareId));
  const capturedCents = Number(counts?.capturedCents ?? 0);

  const [payout] = await ctx.db.select().from(payouts).where(eq(payouts.dareId, dareId));
  const preview = splitFee(capturedCents, ctx.config.platformFeeBps);
  const account = dare.takerId ? await payoutAccount(ctx, env.gateway, dare.takerId) : null;
  return {
    capturedTotal: centsToDollars(capturedCents),
    pledgesCaptured: Number(counts?.captured ?? 0),
    pledgesFailed: Number(counts?.failed ?? 0),
    pledgesAwaiting: Number(counts?.awaiting ?? 0),
    fee: centsToDollars(payout?.feeCents ?? preview.feeCents),
    payout: centsToDollars(payout?.amountCents ?? preview.payoutCents),
    payoutStatus: payout?.status ?? 'not_started',
    accountVerified: account?.verified ?? false,
  };
}

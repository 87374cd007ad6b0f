import { and, eq, inArray, isNotNull, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { dares, pledges } from '../../db/schema';
import { HELD_STATUSES } from '../funding/complete-funding';
import type { FundingEnv } from '../funding/funding-options';
import { cancelIntent, releasePledge } from '../funding/holds';
import { releaseDareFunding } from '../funding/release-funding';

/** A pledge that holds money on a card, or could still come to (an intent not yet confirmed). */
const OPEN_PLEDGE_STATUSES = ['pending', ...HELD_STATUSES] as const;

/**
 * Step 1: every pledge of the deleted account that holds or could hold money is cancelled
 * through the pledge cancel path (funding/holds.ts releasePledge: the intent cancelled at the
 * gateway under the pledge's one release key, then the 'cancel' transition, which moves the
 * dare's totals, books the release and tells the creator, in one transaction). Idempotent:
 * released pledges are not selected again and the gateway key replays. Pledges of a completed
 * dare are its taker's money and are captured by its settlement (the claim refused the
 * deletion while any was still held; one racing a vote's approval is captured, not dropped).
 */
export async function releaseOwnPledges(ctx: AppContext, env: FundingEnv, userId: number) {
  const open = await ctx.db
    .select({ pledge: pledges })
    .from(pledges)
    .innerJoin(dares, eq(dares.id, pledges.dareId))
    .where(
      and(
        eq(pledges.userId, userId),
        inArray(pledges.status, [...OPEN_PLEDGE_STATUSES]),
        ne(dares.status, 'completed'),
      ),
    )
    .orderBy(pledges.id);
  let released = 0;
  for (const { pledge } of open) {
    if (await releasePledge(ctx, env, pledge, 'cancel')) released += 1;
  }
  return released;
}

/**
 * Step 2: the holds of the dares the deletion cancelled (and of any other failed dare of the
 * account still holding some) released now, through the release of a failed dare: the same
 * service the settlement job queued with the cancellation runs, so whichever comes second
 * finds nothing left to do. Each pledger hears 'hold released' from the transition.
 */
export async function releaseCancelledDares(ctx: AppContext, env: FundingEnv, userId: number) {
  const holding = await ctx.db
    .selectDistinct({ id: dares.id })
    .from(dares)
    .innerJoin(pledges, eq(pledges.dareId, dares.id))
    .where(
      and(
        or(eq(dares.creatorId, userId), eq(dares.takerId, userId)),
        eq(dares.status, 'failed'),
        inArray(pledges.status, [...OPEN_PLEDGE_STATUSES]),
      ),
    );
  let released = 0;
  for (const { id } of holding) {
    released += (await releaseDareFunding(ctx, id, env)).released;
  }
  return released;
}

/**
 * The last money check: a closed pledge of the account whose intent still holds the card (a
 * confirm that raced the release, or a process that died between a release and its cancel)
 * gets that hold cancelled. Nothing is booked: the pledge was already released or failed.
 */
export async function cancelLeftoverHolds(ctx: AppContext, env: FundingEnv, userId: number) {
  const closed = await ctx.db
    .select({ id: pledges.id, intentId: pledges.paymentIntentId })
    .from(pledges)
    .where(
      and(
        eq(pledges.userId, userId),
        inArray(pledges.status, ['released', 'failed']),
        isNotNull(pledges.paymentIntentId),
      ),
    );
  let cancelled = 0;
  for (const { id, intentId } of closed) {
    const intent = await env.gateway.retrievePaymentIntent(intentId!);
    if (intent.status !== 'requires_capture') continue;
    await cancelIntent(env, intent.id, `release:pledge:${id}:${intent.id}`);
    ctx.log.warn({ pledgeId: id }, 'a hold left on a closed pledge was cancelled');
    cancelled += 1;
  }
  return cancelled;
}

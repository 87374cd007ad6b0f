import { and, eq } from 'drizzle-orm';
import { PLEDGE_MESSAGES, type PledgeView } from '@/contracts/pledges';
import type { AppContext } from '../../context';
import { dares, pledges } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import { type FundingOptions, fundingEnv } from '../funding/funding-options';
import { releasePledge } from '../funding/holds';
import { pledgeViewById } from './pledge-views';

/** A pledger may take their pledge back only while the dare can still be funded (DESIGN.md 5). */
const CANCELLABLE_DARE_STATUSES = new Set(['pending', 'active']);
const CANCELLABLE_PLEDGE_STATUSES = new Set(['pending', 'authorized', 'requires_action']);

/**
 * Cancels the caller's pledge (beyond the spec, as Kickstarter allows): the hold is cancelled
 * at the gateway (keyed per pledge, so retries and racing calls get one answer), then the
 * pledge is released through the pledge-transition primitive, which moves the dare's totals
 * and books the release in one transaction. An active dare stays active below its target.
 * Someone else's pledge answers like a missing one. Cancelling a released pledge again
 * answers it as it is, so a retried request is harmless.
 */
export async function cancelPledge(
  ctx: AppContext,
  userId: number,
  pledgeId: number,
  options: FundingOptions = {},
): Promise<PledgeView> {
  const [row] = await ctx.db
    .select({ pledge: pledges, dareStatus: dares.status })
    .from(pledges)
    .innerJoin(dares, eq(dares.id, pledges.dareId))
    .where(and(eq(pledges.id, pledgeId), eq(pledges.userId, userId)));
  if (!row) throw notFound(PLEDGE_MESSAGES.pledgeNotFound);
  const { pledge, dareStatus } = row;

  if (pledge.status !== 'released') {
    if (!CANCELLABLE_DARE_STATUSES.has(dareStatus)) {
      throw conflict(PLEDGE_MESSAGES.cancelClosed, 'pledge_not_cancellable');
    }
    if (!CANCELLABLE_PLEDGE_STATUSES.has(pledge.status)) {
      throw conflict(PLEDGE_MESSAGES.cancelFinished, 'pledge_not_cancellable');
    }
    // The gateway first, as for any release: a released pledge never leaves a hold behind.
    // A proof submitted between the check above and here does not bring the hold back, so
    // the release still follows: the vote counts the pledgers live when it is counted.
    await releasePledge(ctx, fundingEnv(ctx, options), pledge, 'cancel');
    // The pledger hears 'hold released' and the creator 'pledge cancelled' from the
    // transition itself (notifications/pledge-notices), in its transaction.
  }
  return (await pledgeViewById(ctx.db, pledgeId))!;
}

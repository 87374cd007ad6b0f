import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { dares, pledges } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/errors';
import { HELD_STATUSES } from './complete-funding';
import { type FundingOptions, fundingEnv } from './funding-options';
import { releasePledge } from './holds';

/**
 * Gives every pledger of a failed dare their hold back: each authorized or
 * requires_action hold is cancelled at the gateway and its pledge released (out of the
 * dare's total, with a release memo in the ledger); a pending pledge's unconfirmed intent
 * is cancelled too, so it can no longer be confirmed. Idempotent: released pledges are not
 * selected again, and the cancel keys replay.
 */
export async function releaseDareFunding(
  ctx: AppContext,
  dareId: number,
  options: FundingOptions = {},
): Promise<{ released: number }> {
  const env = fundingEnv(ctx, options);
  const [dare] = await ctx.db
    .select({ status: dares.status })
    .from(dares)
    .where(eq(dares.id, dareId));
  if (!dare) throw notFound('Dare not found');
  if (dare.status !== 'failed') throw unprocessable('The dare has not failed');

  const open = await ctx.db
    .select()
    .from(pledges)
    .where(and(eq(pledges.dareId, dareId), inArray(pledges.status, ['pending', ...HELD_STATUSES])))
    .orderBy(pledges.id);
  let released = 0;
  for (const pledge of open) {
    if (await releasePledge(ctx, env, pledge)) released += 1;
  }
  return { released };
}

import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { dares } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/errors';
import { HELD_STATUSES, type Settlement } from './complete-funding';
import { type FundingOptions, fundingEnv } from './funding-options';
import { releasePledge } from './holds';
import { walkPledgePages } from './pledge-pages';

/** Releases every hold of a failed dare in this call (moderation, account deletion, seed). */
export async function releaseDareFunding(
  ctx: AppContext,
  dareId: number,
  options: FundingOptions = {},
): Promise<{ released: number }> {
  return (await settleFailedDare(ctx, dareId, options)).result;
}

/**
 * Gives every pledger of a failed dare their hold back: each authorized or
 * requires_action hold is cancelled at the gateway and its pledge released (out of the
 * dare's total, with a release memo in the ledger); a pending pledge's unconfirmed intent
 * is cancelled too, so it can no longer be confirmed. Walked in pages with bounded
 * concurrency like a capture (pledge-pages.ts), 'continue' when the deadline cut it short.
 * Idempotent: released pledges are not selected again, and the cancel keys replay.
 */
export async function settleFailedDare(
  ctx: AppContext,
  dareId: number,
  options: FundingOptions = {},
): Promise<Settlement<{ released: number }>> {
  const env = fundingEnv(ctx, options);
  const [dare] = await ctx.db
    .select({ status: dares.status })
    .from(dares)
    .where(eq(dares.id, dareId));
  if (!dare) throw notFound('Dare not found');
  if (dare.status !== 'failed') throw unprocessable('The dare has not failed');

  let released = 0;
  const outcome = await walkPledgePages(
    ctx,
    {
      dareId,
      statuses: ['pending', ...HELD_STATUSES],
      deadline: options.deadline,
      signal: options.signal,
    },
    async (pledge) => {
      if (await releasePledge(ctx, env, pledge)) released += 1;
    },
  );
  return { outcome, result: { released } };
}

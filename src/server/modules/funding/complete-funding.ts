import { eq } from 'drizzle-orm';
import { centsToDollars } from '@/contracts/money';
import type { CapturePaymentsResult } from '@/contracts/pledges';
import { PaymentGatewayError } from '../../adapters/payments/gateway';
import type { AppContext } from '../../context';
import { dares } from '../../db/schema';
import { notFound, unprocessable } from '../../lib/errors';
import {
  inPledgeTransaction,
  type PledgeRow,
  transitionPledge,
} from '../pledges/pledge-transitions';
import { type FundingEnv, type FundingOptions, fundingEnv } from './funding-options';
import { releasePledge } from './holds';
import { settlePayout } from './payout';
import { type WalkOutcome, walkPledgePages } from './pledge-pages';

/** Holds still on the card: captured when the dare completes, released when it fails. */
export const HELD_STATUSES = ['authorized', 'requires_action'] as const;

/**
 * Collects the money of a completed dare, all of it in this call (the capture route, the
 * demo seed); the job runs settleCompletedDare in time slices instead.
 */
export async function completeDareFunding(
  ctx: AppContext,
  dareId: number,
  options: FundingOptions = {},
): Promise<CapturePaymentsResult> {
  return (await settleCompletedDare(ctx, dareId, options)).result;
}

export type Settlement<Result> = { outcome: WalkOutcome; result: Result };

/**
 * Collects the money of a completed dare: every live hold is captured exactly once, then
 * the escrow is paid out to the taker (or waits for their verified account, see payout.ts).
 * The holds are walked in pages with bounded concurrency (pledge-pages.ts); with a
 * `deadline` the walk stops between pages and the outcome is 'continue', so the job ends
 * its slice and is run again (big dares do not hold the job queue), and the payout waits
 * for the walk that finds no hold left.
 *
 * Safe to call again and concurrently, and after a crash anywhere: each capture is keyed
 * `capture:pledge:<id>`, so two callers (or a rerun after a kill) get the same answer from
 * the gateway, and the guarded transition lets only one of them record it; a pledge already
 * captured or failed is not even selected. The counts are what this call recorded, so a
 * second call reports nothing captured.
 */
export async function settleCompletedDare(
  ctx: AppContext,
  dareId: number,
  options: FundingOptions = {},
): Promise<Settlement<CapturePaymentsResult>> {
  const env = fundingEnv(ctx, options);
  const [dare] = await ctx.db.select().from(dares).where(eq(dares.id, dareId));
  if (!dare) throw notFound('Dare not found');
  if (dare.status !== 'completed') throw unprocessable('The dare is not completed');

  let success = 0;
  let failed = 0;
  let capturedCents = 0;
  const walk = { dareId, deadline: options.deadline, signal: options.signal };
  // A pending pledge never counted toward the dare or its vote. Its intent is cancelled so a
  // late confirm fails, even one already confirmed whose webhook is late: as in the pledge
  // flow (payment-events.ts), nobody keeps a hold for a dare that can no longer take it.
  let outcome = await walkPledgePages(ctx, { ...walk, statuses: ['pending'] }, async (pledge) => {
    await releasePledge(ctx, env, pledge);
  });
  if (outcome !== 'done') return { outcome, result: { success, failed, total: 0 } };
  outcome = await walkPledgePages(ctx, { ...walk, statuses: HELD_STATUSES }, async (pledge) => {
    const result = await capturePledge(ctx, env, pledge);
    if (result === 'captured') {
      success += 1;
      capturedCents += pledge.amountCents;
    } else if (result === 'failed') {
      failed += 1;
    }
  });
  const result = { success, failed, total: centsToDollars(capturedCents) };
  if (outcome !== 'done') return { outcome, result };

  await settlePayout(ctx, dareId, options);
  return { outcome, result };
}

/**
 * One hold: the gateway capture, then the pledge's transition in its own transaction.
 * 'skipped' means another caller recorded the outcome first (the transition found the
 * pledge no longer in its state), or the pledge had no intent to capture.
 */
async function capturePledge(
  ctx: AppContext,
  env: FundingEnv,
  pledge: PledgeRow,
): Promise<'captured' | 'failed' | 'skipped'> {
  let captured = true;
  if (pledge.paymentIntentId) {
    try {
      await env.gateway.capturePaymentIntent({
        id: pledge.paymentIntentId,
        idempotencyKey: `capture:pledge:${pledge.id}`,
      });
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      ctx.log.warn({ pledgeId: pledge.id, code: error.error.code }, 'capture refused');
      captured = false;
    }
  } else {
    // A live pledge always has an intent; one without is a bug upstream, not a charge.
    ctx.log.error({ pledgeId: pledge.id }, 'live pledge without a payment intent');
    captured = false;
  }
  const now = env.now();
  const applied = await inPledgeTransaction(ctx, (tx) =>
    captured
      ? transitionPledge(
          tx,
          pledge.id,
          'capture',
          { captured: true, capturedAt: now },
          ctx.config.publicUrl,
        )
      : transitionPledge(tx, pledge.id, 'capture_failed', {}, ctx.config.publicUrl),
  );
  if (!applied) return 'skipped';
  return captured ? 'captured' : 'failed';
}

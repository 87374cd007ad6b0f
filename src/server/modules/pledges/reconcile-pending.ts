import { and, asc, eq, gt, isNotNull, lt } from 'drizzle-orm';
import {
  ABANDONED_PLEDGE_EXPIRY_HOURS,
  PENDING_PLEDGE_RECONCILE_MINUTES,
} from '@/contracts/limits';
import type { PaymentIntent } from '../../adapters/payments/gateway';
import type { AppContext } from '../../context';
import { pledges } from '../../db/schema';
import { type FundingOptions, fundingEnv } from '../funding/funding-options';
import { releasePledge } from '../funding/holds';
import { handlePaymentIntentUpdate } from './payment-events';

const MINUTE_MS = 60 * 1000;
const BATCH = 100;
/** Intents the payer can still act on: nothing is held, the flow was left half-way. */
const UNFINISHED = new Set<PaymentIntent['status']>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

/** Pending pledges whose intent was attached before `before` (updatedAt marks that moment). */
export const pendingWithIntentBefore = (before: Date) =>
  and(
    eq(pledges.status, 'pending'),
    isNotNull(pledges.paymentIntentId),
    lt(pledges.updatedAt, before),
  );

export type ReconcileReport = { checked: number; settled: number; expired: number; errors: number };

/**
 * The reconcile job (decision 0012). A pledge is counted when the app handles its intent's
 * authorization; a process that dies between the gateway's answer and that step leaves the
 * pledge pending while the card is held. Every pending pledge whose intent is older than
 * PENDING_PLEDGE_RECONCILE_MINUTES is settled against the gateway through the same path the
 * webhook takes (handlePaymentIntentUpdate): requires_capture is counted while the dare is
 * open, else the hold is cancelled and the pledge released; a canceled intent releases the
 * pledge. An intent never authorized is left to the payer for ABANDONED_PLEDGE_EXPIRY_HOURS,
 * then cancelled and the pledge released. Every step is a guarded transition or a keyed
 * gateway call, so a racing webhook, client or second instance makes it a no-op.
 */
export async function reconcilePendingPledges(
  ctx: AppContext,
  options: FundingOptions = {},
): Promise<ReconcileReport> {
  const env = fundingEnv(ctx, options);
  const now = env.now().getTime();
  const settledBefore = new Date(now - PENDING_PLEDGE_RECONCILE_MINUTES * MINUTE_MS);
  const abandonedBefore = new Date(now - ABANDONED_PLEDGE_EXPIRY_HOURS * 60 * MINUTE_MS);
  const report: ReconcileReport = { checked: 0, settled: 0, expired: 0, errors: 0 };

  // Keyset over ids, so pledges that stay pending (a young abandoned flow) never hide others.
  for (let after = 0; !env.signal?.aborted; ) {
    const batch = await ctx.db
      .select()
      .from(pledges)
      .where(and(pendingWithIntentBefore(settledBefore), gt(pledges.id, after)))
      .orderBy(asc(pledges.id))
      .limit(BATCH);
    for (const pledge of batch) {
      if (env.signal?.aborted) break;
      after = pledge.id;
      report.checked += 1;
      try {
        const intent = await env.gateway.retrievePaymentIntent(pledge.paymentIntentId!);
        if (intent.status === 'requires_capture' || intent.status === 'canceled') {
          await handlePaymentIntentUpdate(ctx, intent);
          report.settled += 1;
        } else if (UNFINISHED.has(intent.status) && pledge.updatedAt < abandonedBefore) {
          if (await releasePledge(ctx, env, pledge)) report.expired += 1;
        }
      } catch (error) {
        report.errors += 1;
        ctx.log.error({ err: error, pledgeId: pledge.id }, 'pending pledge reconcile failed');
      }
    }
    if (batch.length < BATCH) break;
  }
  // The others were done; failing the job has it retried with backoff.
  if (report.errors > 0) throw new Error(`${report.errors} pending pledges could not be settled`);
  return report;
}

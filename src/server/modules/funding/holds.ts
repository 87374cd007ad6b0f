import { PaymentGatewayError } from '../../adapters/payments/gateway';
import type { AppContext } from '../../context';
import {
  inPledgeTransaction,
  type PledgeRow,
  transitionPledge,
} from '../pledges/pledge-transitions';
import type { FundingEnv } from './funding-options';

/**
 * Cancels an intent at the gateway and says where it ended. An intent that is already
 * canceled (a racing caller with another key, or a lapsed hold the gateway cancelled)
 * counts as canceled; one that was captured cannot be cancelled and is reported, so the
 * caller never releases a pledge whose money was taken.
 */
export async function cancelIntent(
  env: FundingEnv,
  intentId: string,
  idempotencyKey: string,
): Promise<'canceled' | 'succeeded'> {
  try {
    await env.gateway.cancelPaymentIntent({ id: intentId, idempotencyKey });
    return 'canceled';
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    const intent = await env.gateway.retrievePaymentIntent(intentId);
    if (intent.status === 'canceled' || intent.status === 'succeeded') return intent.status;
    throw error;
  }
}

/**
 * Ends a hold for good: cancels its intent (key `release:pledge:<id>`), then moves the
 * pledge to released, which takes it out of the dare's total and writes the release memo.
 * The gateway first: a pledge marked released must never leave a hold on someone's card.
 * `event` says why: 'cancel' when the pledger took it back (the creator hears of it).
 * Returns whether this call released it (false: already done, or the money was captured).
 */
export async function releasePledge(
  ctx: AppContext,
  env: FundingEnv,
  pledge: PledgeRow,
  event: 'release' | 'cancel' = 'release',
): Promise<boolean> {
  if (pledge.paymentIntentId) {
    const ended = await cancelIntent(env, pledge.paymentIntentId, `release:pledge:${pledge.id}`);
    if (ended === 'succeeded') {
      ctx.log.error({ pledgeId: pledge.id }, 'a hold to release was already captured');
      return false;
    }
  }
  const released = await inPledgeTransaction(ctx, (tx) =>
    transitionPledge(tx, pledge.id, event, { releasedAt: env.now() }, ctx.config.publicUrl),
  );
  // The caller read the pledge before its intent was attached and confirmed (a payment racing
  // this release, e.g. an account deletion's): the transition released the hold it found in
  // place, so that intent is cancelled too (its own key: a renewal may have replaced the one
  // the first key named).
  if (released?.paymentIntentId && released.paymentIntentId !== pledge.paymentIntentId) {
    const key = `release:pledge:${pledge.id}:${released.paymentIntentId}`;
    await cancelIntent(env, released.paymentIntentId, key);
  }
  return released !== null;
}

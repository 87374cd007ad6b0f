import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RECIPIENT_MESSAGES } from '@/contracts/dares';
import { PLEDGE_MESSAGES } from '@/contracts/pledges';
import { paymentGateway } from '../../adapters/payments/create-gateway';
import { PaymentGatewayError, type PaymentIntent } from '../../adapters/payments/gateway';
import type { AppContext } from '../../context';
import { pledges } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import { unprocessable } from '../../lib/errors';
import { ensureCustomer } from '../payments/customers';
import { failWith } from '../payments/provider-failures';

const PURPOSE = 'pre_dare';
export const RELEASE_UNUSED_FUNDING_JOB = 'release-unused-funding';
/** How long an authorized funding hold may wait for its dare before it is released. */
export const UNUSED_FUNDING_RELEASE_MS = 60 * 60 * 1000;

/**
 * A public challenge goes live only with its first pledge (DESIGN.md section 5). Its card
 * is authorized before the dare exists (manual capture, never charged up front); the dare
 * creation then turns the authorized intent into the dare's first pledge, or cancels it.
 */
export async function createPreDareIntent(ctx: AppContext, userId: number, amountCents: number) {
  const create = async () =>
    paymentGateway(ctx).createPaymentIntent({
      amountCents,
      customerId: await ensureCustomer(ctx, userId),
      captureMethod: 'manual',
      setupFutureUsage: 'off_session',
      metadata: { purpose: PURPOSE, userId: String(userId) },
      idempotencyKey: `pre-dare:${userId}:${randomUUID()}`,
    });
  const intent = await create().catch(failWith(ctx, PLEDGE_MESSAGES.intentFailed));
  // A creator who authorizes and then leaves never creates the dare: release that hold soon
  // rather than let it block their card for the 7 days of an authorization.
  await enqueueJob(ctx.db, {
    kind: RELEASE_UNUSED_FUNDING_JOB,
    payload: { userId, paymentIntentId: intent.id },
    runAt: new Date(Date.now() + UNUSED_FUNDING_RELEASE_MS),
    dedupeKey: `release-unused-funding:${intent.id}`,
  });
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, status: intent.status };
}

/**
 * The user's authorized funding intent, or a 422 that says what is missing. Someone else's
 * intent is reported exactly like a missing one.
 */
export async function authorizedPreDareIntent(
  ctx: AppContext,
  userId: number,
  intentId: string | undefined,
): Promise<PaymentIntent> {
  const required = () => unprocessable(RECIPIENT_MESSAGES.publicNeedsFunding, 'funding_required');
  if (!intentId) throw required();
  const intent = await retrieveOrNull(ctx, intentId);
  if (!isUsersPreDareIntent(intent, userId)) throw required();
  if (intent.status !== 'requires_capture') throw required();
  return intent;
}

/**
 * Releases the hold of a funding intent whose dare was not created, so nobody is charged
 * for a dare that does not exist. Only the user's own pre-dare intents are touched; an
 * intent already cancelled (or never confirmed) is fine.
 */
export async function cancelPreDareIntent(
  ctx: AppContext,
  userId: number,
  intentId: string,
): Promise<void> {
  const intent = await retrieveOrNull(ctx, intentId);
  if (!isUsersPreDareIntent(intent, userId)) return;
  if (intent.status === 'canceled' || intent.status === 'succeeded') return;
  try {
    await paymentGateway(ctx).cancelPaymentIntent({
      id: intentId,
      idempotencyKey: `pre-dare-cancel:${intentId}`,
    });
  } catch (error) {
    ctx.log.error({ err: error, intentId }, 'could not release a public dare funding hold');
    throw error;
  }
}

function isUsersPreDareIntent(
  intent: PaymentIntent | null,
  userId: number,
): intent is PaymentIntent {
  return intent?.metadata.purpose === PURPOSE && intent.metadata.userId === String(userId);
}

async function retrieveOrNull(ctx: AppContext, intentId: string): Promise<PaymentIntent | null> {
  try {
    return await paymentGateway(ctx).retrievePaymentIntent(intentId);
  } catch (error) {
    if (error instanceof PaymentGatewayError) return null;
    throw error;
  }
}

/**
 * The job behind UNUSED_FUNDING_RELEASE_MS: cancels a funding intent that no dare took as
 * its first pledge. An intent that funds a dare is left alone.
 */
export async function releaseUnusedFunding(
  ctx: AppContext,
  payload: { userId: number; paymentIntentId: string },
): Promise<void> {
  const [used] = await ctx.db
    .select({ id: pledges.id })
    .from(pledges)
    .where(eq(pledges.paymentIntentId, payload.paymentIntentId));
  if (!used) await cancelPreDareIntent(ctx, payload.userId, payload.paymentIntentId);
}

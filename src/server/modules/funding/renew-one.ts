import { eq } from 'drizzle-orm';
import { PaymentGatewayError, type PaymentIntent } from '../../adapters/payments/gateway';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { dares, pledges, users } from '../../db/schema';
import {
  inPledgeTransaction,
  type PledgeRow,
  transitionPledge,
} from '../pledges/pledge-transitions';
import { type FundingEnv, OPEN_DARE_STATUSES } from './funding-options';
import { cancelIntent } from './holds';

/**
 * Locks the pledge, then its dare (the order transitionPledge uses), and returns the pledge
 * only if it is still in `status` and its dare still open. Holding the dare's row lock
 * until commit means the dare cannot complete or fail in the middle: once it has, no
 * renewal or drop can apply any more, so capture and release always see the pledge's final
 * intent. An update lock, not a share lock: a drop then updates the dare's total, and two
 * share holders upgrading at once would deadlock.
 */
export async function lockOpenPledge(
  tx: Tx,
  pledgeId: number,
  status: PledgeRow['status'],
): Promise<PledgeRow | null> {
  const [pledge] = await tx.select().from(pledges).where(eq(pledges.id, pledgeId)).for('update');
  if (pledge?.status !== status) return null;
  const [dare] = await tx
    .select({ status: dares.status })
    .from(dares)
    .where(eq(dares.id, pledge.dareId))
    .for('no key update');
  const open = (OPEN_DARE_STATUSES as readonly string[]).includes(dare?.status ?? '');
  return open ? pledge : null;
}

/**
 * Renews one hold: a new off-session authorization with the saved card, then the pledge
 * moves to it (renew_ok) and the old hold is cancelled; on a decline, any intent the
 * attempt left is cancelled and the pledge goes to requires_action with an email.
 *
 * Two runners renewing the same hold make one renewal: the key includes the hold being
 * replaced, so both get the same new intent (or the same decline) from the gateway, and
 * the transition applies only while the pledge still points at the old intent.
 */
export async function renewHold(
  ctx: AppContext,
  env: FundingEnv,
  pledge: PledgeRow,
): Promise<'renewed' | 'failed' | 'skipped'> {
  const oldIntentId = pledge.paymentIntentId;
  if (!oldIntentId || !pledge.captureBefore) return 'skipped';
  const holdKey = `${pledge.id}:${pledge.captureBefore.getTime()}`;
  const now = env.now();

  let intent: PaymentIntent | null = null;
  try {
    intent = await authorizeAgain(ctx, env, pledge, `renew:pledge:${holdKey}`);
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    ctx.log.info({ pledgeId: pledge.id, code: error.error.code }, 'hold renewal declined');
    if (error.paymentIntentId) {
      await cancelIntent(env, error.paymentIntentId, `cancel:${error.paymentIntentId}`);
    }
  }

  if (intent) {
    const renewed = await inPledgeTransaction(ctx, async (tx) => {
      const locked = await lockOpenPledge(tx, pledge.id, 'authorized');
      if (locked?.paymentIntentId !== oldIntentId) return null;
      return transitionPledge(
        tx,
        pledge.id,
        'renew_ok',
        {
          paymentIntentId: intent.id,
          clientSecret: intent.clientSecret,
          paymentMethodId: intent.paymentMethodId,
          captureBefore: intent.captureBefore,
          authorizedAt: now,
          actionRequiredAt: null,
        },
        ctx.config.publicUrl,
      );
    });
    if (renewed) {
      await cancelIntent(env, oldIntentId, `renew-cancel:pledge:${holdKey}`);
      return 'renewed';
    }
    // Not applied: another runner already moved the pledge to this very intent (keep it),
    // or the pledge or its dare moved on, and the new hold is nobody's: give it back.
    const [current] = await ctx.db
      .select({ paymentIntentId: pledges.paymentIntentId })
      .from(pledges)
      .where(eq(pledges.id, pledge.id));
    if (current?.paymentIntentId !== intent.id) {
      await cancelIntent(env, intent.id, `cancel:${intent.id}`);
    }
    return 'skipped';
  }

  const failed = await inPledgeTransaction(ctx, async (tx) => {
    const locked = await lockOpenPledge(tx, pledge.id, 'authorized');
    if (locked?.paymentIntentId !== oldIntentId) return null;
    // From authorized this is the first failure; an earlier, fixed one must not count.
    const moved = await transitionPledge(
      tx,
      pledge.id,
      'renew_failed',
      { actionRequiredAt: now },
      ctx.config.publicUrl,
    );
    // The pledger is told (in-app and by email) by the transition itself: pledge-notices.ts.
    return moved;
  });
  return failed ? 'failed' : 'skipped';
}

/**
 * The off-session authorization. The saved card is the pledge's, else the one on the old
 * intent; the customer is the pledger's. Without a saved card there is nothing to charge
 * off session: reported as a decline, so the pledger is asked for a card.
 */
async function authorizeAgain(
  ctx: AppContext,
  env: FundingEnv,
  pledge: PledgeRow,
  idempotencyKey: string,
): Promise<PaymentIntent> {
  const [user] = await ctx.db
    .select({ customerId: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, pledge.userId));
  let customerId = user?.customerId ?? null;
  let paymentMethodId = pledge.paymentMethodId;
  if (!customerId || !paymentMethodId) {
    const old = await env.gateway.retrievePaymentIntent(pledge.paymentIntentId!);
    customerId ??= old.customerId;
    paymentMethodId ??= old.paymentMethodId;
  }
  if (!paymentMethodId) {
    throw new PaymentGatewayError({
      code: 'payment_method_missing',
      message: 'No saved card to renew the hold with.',
    });
  }
  const intent = await env.gateway.createPaymentIntent({
    amountCents: pledge.amountCents,
    ...(customerId ? { customerId } : {}),
    paymentMethodId,
    captureMethod: 'manual',
    confirmOffSession: true,
    metadata: { pledgeId: String(pledge.id), dareId: String(pledge.dareId) },
    idempotencyKey,
  });
  if (intent.status === 'requires_capture') return intent;
  // Anything but an authorization (e.g. an action the pledger must take) is a failure here.
  throw new PaymentGatewayError(
    { code: 'renewal_not_authorized', message: `The renewal ended in ${intent.status}.` },
    intent.id,
  );
}

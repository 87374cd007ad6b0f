import { eq, sql } from 'drizzle-orm';
import { paymentGateway } from '../../adapters/payments/create-gateway';
import type { PaymentIntent } from '../../adapters/payments/gateway';
import type { AppContext } from '../../context';
import { reusableStatement } from '../../db/reusable-statement';
import { pledges } from '../../db/schema';
import { takesAuthorization } from './open-for-pledges';
import {
  DareNotAcceptingError,
  inPledgeTransaction,
  type PledgeRow,
  transitionPledge,
} from './pledge-transitions';

/**
 * What the app does when a payment intent changes at the gateway: Stripe tells us by
 * webhook (payment_intent.amount_capturable_updated, .canceled, ...), the simulated
 * gateway's confirm route calls this in-process, and reading a pending pledge reconciles
 * through it too. Idempotent: the guarded transitions make a repeated update a no-op.
 *
 * Only the first authorization is handled here; captures, releases and renewals are
 * started by the app itself (funding and renewal services) and recorded there. Public-dare
 * funding intents are consumed by the dare creation, not here.
 *
 * Answers what became of an authorization that cannot be counted, so the client that just
 * confirmed is told (never 'Payment Successful'): `dare_closed` when its dare no longer takes
 * pledges, `pledge_closed` when the pledge itself was closed meanwhile; the hold is released.
 */
export type PaymentUpdateOutcome = 'dare_closed' | 'pledge_closed' | undefined;

export async function handlePaymentIntentUpdate(
  ctx: AppContext,
  intent: PaymentIntent,
): Promise<PaymentUpdateOutcome> {
  if (intent.metadata.purpose === 'pre_dare') return;
  if (intent.status === 'requires_capture') return authorizeHold(ctx, intent);
  const [pledge] = await ctx.db
    .select({ id: pledges.id, status: pledges.status, dareId: pledges.dareId })
    .from(pledges)
    .where(eq(pledges.paymentIntentId, intent.id));
  if (!pledge) return;
  if (pledge.status !== 'pending') return;
  if (intent.status === 'canceled') {
    await inPledgeTransaction(ctx, (tx) =>
      transitionPledge(tx, pledge.id, 'release', { releasedAt: new Date() }, ctx.config.publicUrl),
    );
  }
}

/**
 * A hold is in place (requires_capture): the pending pledge of the intent is authorized.
 * Its row is found by the intent and locked in one read inside the transaction, and the
 * transition goes on with it (no read before the transaction, no second lock: 0054).
 */
async function authorizeHold(
  ctx: AppContext,
  intent: PaymentIntent,
): Promise<PaymentUpdateOutcome> {
  const seen: { pledge?: PledgeRow } = {};
  // The dare must still take pledges and not be removed: checked on its row, locked by the
  // transition's last statement (pledge first, then dare: the lock order of transitionPledge).
  // A dare that completes or fails meanwhile waits for this authorization, so its capture or
  // release sees the pledge; once it has ended, this sees that and rolls back (decision 0026).
  const authorized = await inPledgeTransaction(ctx, async (tx) => {
    const [pledge] = await lockPledgeOfIntent(tx, { intentId: intent.id });
    seen.pledge = pledge;
    if (pledge?.status !== 'pending') return false;
    await transitionPledge(
      tx,
      { row: pledge, lockedIn: tx },
      'authorize',
      {
        authorizedAt: new Date(),
        captureBefore: intent.captureBefore,
        paymentMethodId: intent.paymentMethodId,
      },
      ctx.config.publicUrl,
      (dare) => takesAuthorization(dare),
    );
    return true;
  }).catch((error: unknown) => {
    if (error instanceof DareNotAcceptingError) return false;
    throw error;
  });
  const { pledge } = seen;
  if (authorized || !pledge) return;
  if (pledge.status !== 'pending') {
    // Only a closed pledge leaves a new hold orphaned; a live one (authorized, requires_action,
    // captured) is the funding code's to manage.
    const closed = pledge.status === 'released' || pledge.status === 'failed';
    if (!closed) return;
    await releaseHold(ctx, intent.id, pledge.id);
    return 'pledge_closed';
  }
  // The dare closed (or a moderator removed it) while the card was being confirmed: nobody
  // keeps a hold for a dare that can no longer take it. The release goes through the pledge
  // transition (pending -> released: nothing was counted, so no ledger row and no notice).
  await releaseHold(ctx, intent.id, pledge.id);
  await inPledgeTransaction(ctx, (tx) =>
    transitionPledge(tx, pledge.id, 'release', { releasedAt: new Date() }, ctx.config.publicUrl),
  );
  return 'dare_closed';
}

const lockPledgeOfIntent = reusableStatement((db) =>
  db
    .select()
    .from(pledges)
    .where(eq(pledges.paymentIntentId, sql.placeholder('intentId')))
    .for('update'),
);

const releaseHold = (ctx: AppContext, intentId: string, pledgeId: number) =>
  paymentGateway(ctx).cancelPaymentIntent({
    id: intentId,
    idempotencyKey: `release:pledge:${pledgeId}`,
  });

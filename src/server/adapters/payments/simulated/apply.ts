import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { gatewayPaymentIntents, gatewayPaymentMethods } from '../../../db/schema';
import { PaymentGatewayError, type PaymentIntent } from '../gateway';
import type { Outcome } from './idempotency';
import { type IntentRow, toIntent } from './rows';
import { type IntentEvent, transition } from './transitions';

/**
 * Writes what `transition` decided for a locked intent row. A refusal that changes nothing
 * is thrown (its savepoint rolls back); a decline that changes the intent is returned as an
 * error outcome so its write commits (Stripe keeps lastError on the intent).
 */
export async function applyEvent(
  tx: Tx,
  now: Date,
  row: IntentRow,
  event: IntentEvent,
): Promise<Outcome<PaymentIntent>> {
  const result = transition(toIntent(row), event, now);
  if (!result.patch) {
    if (result.error) throw new PaymentGatewayError(result.error, row.id);
    return { ok: toIntent(row) };
  }
  const [updated] = await tx
    .update(gatewayPaymentIntents)
    .set({ ...result.patch, updatedAt: new Date() })
    .where(eq(gatewayPaymentIntents.id, row.id))
    .returning();
  if (result.error) return { error: result.error, paymentIntentId: row.id };
  await saveCardForLater(tx, updated!);
  return { ok: toIntent(updated!) };
}

/** setup_future_usage: a card that authorized is kept on the customer for renewals. */
async function saveCardForLater(tx: Tx, row: IntentRow) {
  const authorized = row.status === 'requires_capture' || row.status === 'succeeded';
  if (!authorized || row.setupFutureUsage !== 'off_session') return;
  if (!row.customerId || !row.paymentMethodId) return;
  await tx
    .update(gatewayPaymentMethods)
    .set({ customerId: row.customerId })
    .where(eq(gatewayPaymentMethods.id, row.paymentMethodId));
}

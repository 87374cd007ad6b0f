import { eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { gatewayPaymentIntents, gatewayPaymentMethods } from '../../../db/schema';
import { type PaymentError, PaymentGatewayError, type PaymentIntent } from '../gateway';
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
  const applied = await applyEventToRow(tx, now, row, event);
  if (applied.error) return { error: applied.error, paymentIntentId: row.id };
  return { ok: toIntent(applied.row) };
}

/**
 * applyEvent answering the intent's row as written (still locked by the caller), for an
 * operation that goes on with it: no second read of a row this transaction already holds.
 */
export async function applyEventToRow(
  tx: Tx,
  now: Date,
  row: IntentRow,
  event: IntentEvent,
): Promise<{ row: IntentRow; error?: PaymentError }> {
  const result = transition(toIntent(row), event, now);
  if (!result.patch) {
    if (result.error) throw new PaymentGatewayError(result.error, row.id);
    return { row };
  }
  const [updated] = await tx
    .update(gatewayPaymentIntents)
    .set({ ...result.patch, updatedAt: new Date() })
    .where(eq(gatewayPaymentIntents.id, row.id))
    .returning();
  if (result.error) return { row: updated!, error: result.error };
  await saveCardForLater(tx, updated!);
  return { row: updated! };
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

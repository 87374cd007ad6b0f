import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { reusableStatement } from '../../../db/reusable-statement';
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
const applyEventToRow = (tx: Tx, now: Date, row: IntentRow, event: IntentEvent) =>
  applyEventsToRow(tx, now, row, [event]);

/**
 * Several events in a row (a confirm with a new card: set_payment_method, then confirm),
 * decided one after the other on the row in memory and written in one update (decision
 * 0054: one round trip, not one per event). Stops at the first event that fails: one that
 * changes nothing is thrown (its savepoint rolls back every write), one that changes the
 * intent (a decline) is written with the changes before it and returned as the error.
 */
export async function applyEventsToRow(
  tx: Tx,
  now: Date,
  row: IntentRow,
  events: IntentEvent[],
): Promise<{ row: IntentRow; error?: PaymentError }> {
  let current = row;
  let patch: Partial<IntentRow> = {};
  let changed = false;
  let error: PaymentError | undefined;
  for (const event of events) {
    const result = transition(toIntent(current), event, now);
    if (!result.patch) {
      if (result.error) throw new PaymentGatewayError(result.error, row.id);
      continue;
    }
    changed = true;
    patch = { ...patch, ...(result.patch as Partial<IntentRow>) };
    current = { ...current, ...(result.patch as Partial<IntentRow>) };
    if (result.error) {
      error = result.error;
      break;
    }
  }
  if (!changed) return { row };
  // The row is locked by the caller: as written, it is the row in memory with the patch.
  const updated: IntentRow = { ...current, updatedAt: new Date() };
  await tx
    .update(gatewayPaymentIntents)
    .set({ ...patch, updatedAt: updated.updatedAt })
    .where(eq(gatewayPaymentIntents.id, row.id));
  if (error) return { row: updated, error };
  await saveCardForLater(tx, updated);
  return { row: updated };
}

/** setup_future_usage: a card that authorized is kept on the customer for renewals. */
async function saveCardForLater(tx: Tx, row: IntentRow) {
  const authorized = row.status === 'requires_capture' || row.status === 'succeeded';
  if (!authorized || row.setupFutureUsage !== 'off_session') return;
  if (!row.customerId || !row.paymentMethodId) return;
  await keepCardOnCustomer(tx, { customerId: row.customerId, methodId: row.paymentMethodId });
}

const keepCardOnCustomer = reusableStatement((db) =>
  db
    .update(gatewayPaymentMethods)
    .set({ customerId: sql`${sql.placeholder('customerId')}` })
    .where(eq(gatewayPaymentMethods.id, sql.placeholder('methodId'))),
);

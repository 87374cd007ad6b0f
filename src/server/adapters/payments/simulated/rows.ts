import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { reusableStatement } from '../../../db/reusable-statement';
import { gatewayPaymentIntents, gatewayPaymentMethods } from '../../../db/schema';
import {
  type PaymentError,
  PaymentGatewayError,
  type PaymentIntent,
  type PaymentMethod,
} from '../gateway';
import type { CardBehavior } from './cards';

/** Row <-> object mapping and locked reads shared by the simulated gateway's operations. */

export type IntentRow = typeof gatewayPaymentIntents.$inferSelect;
export type MethodRow = typeof gatewayPaymentMethods.$inferSelect;

export const missing = (kind: string, id: string) =>
  new PaymentGatewayError({ code: 'resource_missing', message: `No such ${kind}: '${id}'` });

export function toIntent(row: IntentRow): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amountCents: row.amountCents,
    amountCapturedCents: row.amountCapturedCents,
    currency: 'usd',
    status: row.status,
    captureMethod: row.captureMethod === 'automatic' ? 'automatic' : 'manual',
    paymentMethodId: row.paymentMethodId,
    customerId: row.customerId,
    captureBefore: row.captureBefore,
    lastError: (row.lastError as PaymentError | null) ?? null,
    metadata: row.metadata as Record<string, string>,
  };
}

/** A replayed answer comes back from JSON: turn its timestamp into a Date again. */
export const reviveIntent = (stored: PaymentIntent): PaymentIntent => ({
  ...stored,
  captureBefore: stored.captureBefore ? new Date(stored.captureBefore) : null,
});

export const toMethod = (row: MethodRow): PaymentMethod => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  customerId: row.customerId,
});

/** FOR UPDATE: operations on one intent run one after the other, whatever their keys. */
export async function lockIntent(
  tx: Tx,
  where: { id: string } | { clientSecret: string },
): Promise<IntentRow> {
  const [row] =
    'id' in where
      ? await lockIntentById(tx, { id: where.id })
      : await lockIntentBySecret(tx, { clientSecret: where.clientSecret });
  // Never echo a client secret back: it is a credential for the intent.
  if (!row) throw missing('payment_intent', 'id' in where ? where.id : 'client secret');
  return row;
}

const lockIntentById = reusableStatement((db) =>
  db
    .select()
    .from(gatewayPaymentIntents)
    .where(eq(gatewayPaymentIntents.id, sql.placeholder('id')))
    .for('update'),
);

const lockIntentBySecret = reusableStatement((db) =>
  db
    .select()
    .from(gatewayPaymentIntents)
    .where(eq(gatewayPaymentIntents.clientSecret, sql.placeholder('clientSecret')))
    .for('update'),
);

const methodById = reusableStatement((db) =>
  db
    .select()
    .from(gatewayPaymentMethods)
    .where(eq(gatewayPaymentMethods.id, sql.placeholder('id'))),
);

export async function findMethod(tx: Tx, id: string): Promise<MethodRow> {
  const [row] = await methodById(tx, { id });
  if (!row) throw missing('payment_method', id);
  return row;
}

export const behaviorOf = (row: MethodRow) => row.behavior as CardBehavior;

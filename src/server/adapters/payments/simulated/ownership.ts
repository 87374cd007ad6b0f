import { and, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { gatewayPaymentIntents } from '../../../db/schema';
import { PaymentGatewayError } from '../gateway';
import type { IntentRow, MethodRow } from './rows';

/** Stripe's answer for a card that was detached or already used without a customer. */
export const SPENT_METHOD_MESSAGE =
  'The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, or was detached from a Customer. It may not be used again.';

const refuse = (message: string) =>
  new PaymentGatewayError({ code: 'payment_method_unexpected_state', message });

/**
 * Stripe's rule for paying with an existing PaymentMethod: it must be attached to the
 * intent's customer, or new (never attached, never used by another intent). Otherwise anyone
 * who learns a card's id could pay with it and, through setup_future_usage, take it over.
 */
export async function assertUsableForIntent(tx: Tx, method: MethodRow, intent: IntentRow) {
  if (method.detachedAt) throw refuse(SPENT_METHOD_MESSAGE);
  if (method.customerId) {
    if (method.customerId === intent.customerId) return;
    throw refuse(
      'The provided PaymentMethod does not belong to the Customer of this PaymentIntent.',
    );
  }
  const [usedElsewhere] = await tx
    .select({ id: gatewayPaymentIntents.id })
    .from(gatewayPaymentIntents)
    .where(
      and(
        eq(gatewayPaymentIntents.paymentMethodId, method.id),
        ne(gatewayPaymentIntents.id, intent.id),
      ),
    )
    .limit(1);
  if (usedElsewhere) throw refuse(SPENT_METHOD_MESSAGE);
}

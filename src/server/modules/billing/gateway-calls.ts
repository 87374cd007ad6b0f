import { BILLING_MESSAGES } from '@/contracts/billing';
import { paymentGateway } from '../../adapters/payments/create-gateway';
import {
  isCardError,
  PaymentGatewayError,
  type PaymentMethod,
} from '../../adapters/payments/gateway';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/errors';
import { ensureCustomer } from '../payments/customers';
import { isGatewayFailure, providerFailure } from '../payments/provider-failures';

/**
 * The gateway's answers that concern someone else's card: unknown, or attached to another
 * customer. Both read as "not found", so a caller cannot probe which ids exist.
 */
const NOT_YOURS = new Set(['resource_missing', 'payment_method_unexpected_state']);

/**
 * A gateway refusal as the API's error: someone else's card reads as not found, a card the
 * issuer refused keeps its message (the user can try another card), and every other failure
 * is one 502 'Payment setup failed' with the provider's detail logged. Our own bugs stay 500s.
 */
export function fromGatewayError(
  ctx: AppContext,
  error: unknown,
  notFoundMessage: string = BILLING_MESSAGES.notFound,
): unknown {
  if (error instanceof PaymentGatewayError) {
    if (NOT_YOURS.has(error.error.code)) return notFound(notFoundMessage);
    if (isCardError(error.error)) return new AppError(402, error.error.message, error.error.code);
  }
  if (!isGatewayFailure(error)) return error;
  return providerFailure(ctx, error, BILLING_MESSAGES.setupFailed);
}

/**
 * Saves a payment method the client made (simulated form or Stripe Elements) on the user's
 * customer through a confirmed SetupIntent, so the issuer checks it first (issue 19 item 16):
 * a declined card is refused with its decline (402) and never saved. Returns what the gateway
 * knows of it: brand, last4 and expiry come from here, never from the client. Saving a card
 * already on this customer again is a no-op; a card on another customer is refused.
 */
export async function attachToUser(
  ctx: AppContext,
  userId: number,
  paymentMethodId: string,
): Promise<PaymentMethod> {
  const customerId = await ensureCustomer(ctx, userId);
  try {
    const method = await paymentGateway(ctx).setUpPaymentMethod({
      paymentMethodId,
      customerId,
      // One SetupIntent per card and customer: a retried save gets the same answer.
      idempotencyKey: `setup:${customerId}:${paymentMethodId}`,
    });
    // Belt and braces: a gateway that answered with another customer's card is not trusted.
    if (method.customerId !== customerId) throw notFound(BILLING_MESSAGES.notFound);
    return method;
  } catch (error) {
    throw fromGatewayError(ctx, error);
  }
}

/**
 * Detaches a card at the gateway. One already gone (or never attached) is what we wanted, so
 * that is not an error.
 */
export async function detachFromGateway(ctx: AppContext, paymentMethodId: string): Promise<void> {
  try {
    await paymentGateway(ctx).detachPaymentMethod(paymentMethodId);
  } catch (error) {
    if (error instanceof PaymentGatewayError && NOT_YOURS.has(error.error.code)) return;
    throw fromGatewayError(ctx, error);
  }
}

/** For clean-ups after our rows are already right: a failure is logged, not shown. */
export async function detachQuietly(ctx: AppContext, paymentMethodId: string): Promise<void> {
  try {
    await detachFromGateway(ctx, paymentMethodId);
  } catch (error) {
    ctx.log.warn({ err: error, paymentMethodId }, 'detaching a payment method failed');
  }
}

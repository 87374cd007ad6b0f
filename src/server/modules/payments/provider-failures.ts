import { PaymentGatewayError, PaymentProviderError } from '../../adapters/payments/gateway';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';

/**
 * A payment provider's failure as one answer (decision 0011): 502 with the spec's words
 * ('Failed to create payment intent', 'Payment setup failed'); the provider's own message,
 * which speaks to developers and may name our configuration, goes to the log only.
 */
export function providerFailure(ctx: AppContext, error: unknown, message: string): AppError {
  ctx.log.warn({ err: error }, `payment provider failure: ${message}`);
  return new AppError(502, message, 'payment_provider_failed');
}

/** True for what the gateway said or failed with, as opposed to our own bugs. */
export const isGatewayFailure = (error: unknown) =>
  error instanceof PaymentGatewayError || error instanceof PaymentProviderError;

/** A `.catch` handler: gateway failures become `providerFailure`, anything else is rethrown. */
export const failWith =
  (ctx: AppContext, message: string) =>
  (error: unknown): never => {
    throw isGatewayFailure(error) ? providerFailure(ctx, error, message) : error;
  };

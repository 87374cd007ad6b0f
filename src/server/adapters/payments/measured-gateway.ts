import type { AppMetrics } from '../../metrics/app-metrics';
import {
  isCardError,
  type PaymentGateway,
  PaymentGatewayError,
  PaymentProviderError,
} from './gateway';

/** How a failed gateway call is counted: the card, our request, the provider, or else. */
export function gatewayErrorKind(error: unknown): 'card' | 'request' | 'provider' | 'unexpected' {
  if (error instanceof PaymentGatewayError) return isCardError(error.error) ? 'card' : 'request';
  if (error instanceof PaymentProviderError) return 'provider';
  return 'unexpected';
}

/**
 * The configured gateway with every call timed and every failure counted by operation
 * (darefund_payment_gateway_*, decision 0051), whichever gateway it is: one decorator, so
 * the simulated gateway and Stripe are measured alike and neither knows of metrics.
 */
export function measuredGateway(
  inner: PaymentGateway,
  metrics: Pick<AppMetrics, 'gateway'>,
): PaymentGateway {
  const measure =
    <Args extends unknown[], Result>(operation: string, call: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      const stop = metrics.gateway.duration.startTimer({ operation });
      try {
        return await call(...args);
      } catch (error) {
        metrics.gateway.errors.inc({ operation, kind: gatewayErrorKind(error) });
        throw error;
      } finally {
        stop();
      }
    };
  return {
    kind: inner.kind,
    createCustomer: measure('createCustomer', inner.createCustomer.bind(inner)),
    createPaymentIntent: measure('createPaymentIntent', inner.createPaymentIntent.bind(inner)),
    retrievePaymentIntent: measure(
      'retrievePaymentIntent',
      inner.retrievePaymentIntent.bind(inner),
    ),
    capturePaymentIntent: measure('capturePaymentIntent', inner.capturePaymentIntent.bind(inner)),
    cancelPaymentIntent: measure('cancelPaymentIntent', inner.cancelPaymentIntent.bind(inner)),
    attachPaymentMethod: measure('attachPaymentMethod', inner.attachPaymentMethod.bind(inner)),
    setUpPaymentMethod: measure('setUpPaymentMethod', inner.setUpPaymentMethod.bind(inner)),
    detachPaymentMethod: measure('detachPaymentMethod', inner.detachPaymentMethod.bind(inner)),
    retrievePaymentMethod: measure(
      'retrievePaymentMethod',
      inner.retrievePaymentMethod.bind(inner),
    ),
    createConnectedAccount: measure(
      'createConnectedAccount',
      inner.createConnectedAccount.bind(inner),
    ),
    createAccountOnboardingLink: measure(
      'createAccountOnboardingLink',
      inner.createAccountOnboardingLink.bind(inner),
    ),
    retrieveConnectedAccount: measure(
      'retrieveConnectedAccount',
      inner.retrieveConnectedAccount.bind(inner),
    ),
    createTransfer: measure('createTransfer', inner.createTransfer.bind(inner)),
  };
}

import type { AppContext } from '../../context';
import type { PaymentGateway } from './gateway';
import { SimulatedGateway } from './simulated-gateway';
import { StripeGateway } from './stripe-gateway';

type GatewayContext = Pick<AppContext, 'db' | 'config'>;

/**
 * The configured gateway: Stripe when STRIPE_SECRET_KEY is set (decision 0007), else the
 * simulated one (decision 0006). STRIPE_API_URL points the SDK elsewhere (tests' stand-in).
 */
export function createPaymentGateway(ctx: GatewayContext): PaymentGateway {
  const { secretKey, api } = ctx.config.stripe;
  if (secretKey) return new StripeGateway({ secretKey, api });
  return new SimulatedGateway(ctx.db);
}

const gateways = new WeakMap<GatewayContext, PaymentGateway>();

/** One gateway per context, made on first use (until AppContext carries it itself). */
export function paymentGateway(ctx: GatewayContext): PaymentGateway {
  let gateway = gateways.get(ctx);
  if (!gateway) {
    gateway = createPaymentGateway(ctx);
    gateways.set(ctx, gateway);
  }
  return gateway;
}

/** The simulated gateway when it is the active one (its client-side calls and test hooks). */
export function simulatedGateway(ctx: GatewayContext): SimulatedGateway | null {
  const gateway = paymentGateway(ctx);
  return gateway instanceof SimulatedGateway ? gateway : null;
}

/** The Stripe gateway when it is the active one (webhook verification). */
export function stripeGateway(ctx: GatewayContext): StripeGateway | null {
  const gateway = paymentGateway(ctx);
  return gateway instanceof StripeGateway ? gateway : null;
}

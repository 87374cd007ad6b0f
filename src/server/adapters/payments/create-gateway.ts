import type { AppContext } from '../../context';
import type { PaymentGateway } from './gateway';
import { SimulatedGateway } from './simulated-gateway';

type GatewayContext = Pick<AppContext, 'db' | 'config'>;

/**
 * The configured gateway. Only the simulated one exists so far; the Stripe gateway will be
 * chosen here when STRIPE_SECRET_KEY is set (decision 0006).
 */
export function createPaymentGateway(ctx: GatewayContext): PaymentGateway {
  return new SimulatedGateway(ctx.db, { publicUrl: ctx.config.publicUrl });
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

import type { AppContext } from '../../context';
import type { PaymentGateway } from './gateway';
import { measuredGateway } from './measured-gateway';
import { SimulatedGateway } from './simulated-gateway';
import { StripeGateway } from './stripe-gateway';

type GatewayContext = Pick<AppContext, 'db' | 'config' | 'metrics'>;

/**
 * The configured gateway: Stripe when STRIPE_SECRET_KEY is set (decision 0007), else the
 * simulated one (decision 0006). STRIPE_API_URL points the SDK elsewhere (tests' stand-in).
 */
export function createPaymentGateway(ctx: Pick<AppContext, 'db' | 'config'>): PaymentGateway {
  const { secretKey, api } = ctx.config.stripe;
  if (secretKey) return new StripeGateway({ secretKey, api });
  return new SimulatedGateway(ctx.db, { latencyMs: ctx.config.simulatedGatewayLatencyMs });
}

/** The gateway itself, and the same behind the metrics decorator that the app calls. */
type ContextGateway = { inner: PaymentGateway; measured: PaymentGateway };
const gateways = new WeakMap<GatewayContext, ContextGateway>();

/** One gateway per context, made on first use (until AppContext carries it itself). */
function contextGateway(ctx: GatewayContext): ContextGateway {
  let gateway = gateways.get(ctx);
  if (!gateway) {
    const inner = createPaymentGateway(ctx);
    gateway = { inner, measured: measuredGateway(inner, ctx.metrics) };
    gateways.set(ctx, gateway);
  }
  return gateway;
}

/** What the app's services call: every call timed and its failures counted (decision 0051). */
export function paymentGateway(ctx: GatewayContext): PaymentGateway {
  return contextGateway(ctx).measured;
}

/**
 * The simulated gateway when it is the active one: its client-facing calls (what Stripe.js
 * does in the browser, not the server's gateway calls, so not measured) and test hooks.
 */
export function simulatedGateway(ctx: GatewayContext): SimulatedGateway | null {
  const { inner } = contextGateway(ctx);
  return inner instanceof SimulatedGateway ? inner : null;
}

/** The Stripe gateway when it is the active one (webhook verification). */
export function stripeGateway(ctx: GatewayContext): StripeGateway | null {
  const { inner } = contextGateway(ctx);
  return inner instanceof StripeGateway ? inner : null;
}

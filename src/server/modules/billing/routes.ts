import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

/** Saved cards (/api/user/payment-methods...) and the payout account (/api/stripe/connect-...). */
export function billingRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}

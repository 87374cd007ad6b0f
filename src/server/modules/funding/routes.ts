import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

/** Capture and payout of a completed dare (POST /api/dares/{id}/capture-payments) and its payment status. */
export function fundingRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}

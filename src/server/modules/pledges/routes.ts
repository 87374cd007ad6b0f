import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';

/** Pledges: create, the viewer's list, one pledge, its payment intent; public-dare funding intents. */
export function pledgesRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}

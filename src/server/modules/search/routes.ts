import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contracts/common';
import { searchPageSchema, searchQuerySchema } from '@/contracts/search';
import type { AppContext } from '../../context';
import { audienceOf } from '../moderation/visibility-sql';
import { search } from './service';

/** The Discover search box (decision 0021): public, one section per call. */
export function searchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/search',
      {
        schema: {
          summary: 'Search people or dares, one section per call.',
          tags: ['Search'],
          querystring: searchQuerySchema,
          response: { 200: searchPageSchema, 400: apiErrorSchema, 429: apiErrorSchema },
        },
      },
      async (request) =>
        search(
          ctx,
          request.query,
          { userId: request.auth?.user.id, ip: request.ip },
          audienceOf(request.auth),
        ),
    );
  };
}

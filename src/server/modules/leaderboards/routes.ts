import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contracts/common';
import { leaderboardQuerySchema, leaderboardSchema } from '@/contracts/leaderboards';
import type { AppContext } from '../../context';
import { leaderboard } from './service';

/** GET /api/leaderboards?board=earners|backers|points&period=week|all: public, like trending. */
export function leaderboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/leaderboards',
      {
        schema: {
          summary: 'A leaderboard: top earners, backers or points, this week or all time.',
          tags: ['Leaderboards'],
          querystring: leaderboardQuerySchema,
          response: { 200: leaderboardSchema, 400: apiErrorSchema },
        },
      },
      async (request) => leaderboard(ctx, request.query.board, request.query.period),
    );
  };
}

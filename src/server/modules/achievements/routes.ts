import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { achievementListSchema, userStatsSchema } from '@/contracts/achievements';
import { apiErrorSchema, idParamSchema } from '@/contracts/common';
import type { AppContext } from '../../context';
import { achievementsWithProgress, userAchievementList, userStats } from './service';

/** Spec section 7: the catalogue, a user's achievements and their stats; all public. */
export function achievementRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/achievements',
      {
        schema: {
          summary: 'Every achievement, with the progress of the signed-in user if any.',
          tags: ['Achievements'],
          response: { 200: achievementListSchema },
        },
      },
      // The viewer's own progress when signed in; the bare catalogue otherwise.
      async (request) => achievementsWithProgress(ctx, request.auth?.user.id ?? null),
    );
    app.get(
      '/users/:id/achievements',
      {
        schema: {
          summary: 'The achievements of a user.',
          tags: ['Achievements'],
          params: idParamSchema,
          response: { 200: achievementListSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => userAchievementList(ctx, request.params.id),
    );
    app.get(
      '/users/:id/stats',
      {
        schema: {
          summary: 'The stats of a user: dares, points, earnings.',
          tags: ['Achievements'],
          params: idParamSchema,
          response: { 200: userStatsSchema, 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => userStats(ctx, request.params.id),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contracts/common';
import { accountPreferencesSchema, accountPreferencesViewSchema } from '@/contracts/moderation';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { setPreferences } from './service';

/** The account's content preferences (issue 21 item 7). */
export function preferencesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.patch(
      '/account/preferences',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Set content preferences (Show R-rated dares needs the 18+ confirmation).',
          tags: ['Account'],
          body: accountPreferencesSchema,
          response: { 200: accountPreferencesViewSchema, 400: apiErrorSchema, 401: apiErrorSchema },
        },
      },
      async (request) => setPreferences(ctx, signedIn(request).user.id, request.body),
    );
  };
}

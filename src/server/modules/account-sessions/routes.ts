import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountSessionsSchema,
  endedSessionsSchema,
  sessionParamsSchema,
} from '@/contracts/account-sessions';
import { apiErrorSchema } from '@/contracts/common';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { endOtherSessions, endOwnSession, listSessions } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** The account's signed-in browsers, and ending them (issue 20 item 3, DESIGN.md §9). */
export function accountSessionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/account/sessions',
      { config: { auth: 'user' }, schema: { response: { 200: accountSessionsSchema, ...errors } } },
      async (request) => {
        const { user, session } = signedIn(request);
        return { items: await listSessions(ctx, user.id, session.id) };
      },
    );
    app.delete(
      '/account/sessions/:id',
      {
        config: { auth: 'user' },
        schema: { params: sessionParamsSchema, response: { 200: endedSessionsSchema, ...errors } },
      },
      async (request) => endOwnSession(ctx, signedIn(request).user.id, request.params.id),
    );
    app.post(
      '/account/sessions/revoke-others',
      { config: { auth: 'user' }, schema: { response: { 200: endedSessionsSchema, ...errors } } },
      async (request) => {
        const { user, session } = signedIn(request);
        return endOtherSessions(ctx, user.id, session.id);
      },
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountSessionsSchema,
  changePasswordSchema,
  endedSessionsSchema,
  passwordChangedSchema,
  sessionParamsSchema,
} from '@/contracts/account-security';
import { apiErrorSchema } from '@/contracts/common';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { changePassword } from './password-change';
import { endOtherSessions, endOwnSession, listSessions } from './sessions';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** The account's password and signed-in browsers (issue 20 item 3, DESIGN.md §9). */
export function accountSecurityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
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
    app.post(
      '/account/password',
      {
        config: { auth: 'user' },
        schema: {
          body: changePasswordSchema,
          response: { 200: passwordChangedSchema, 429: apiErrorSchema, ...errors },
        },
      },
      async (request) => {
        const { user, session } = signedIn(request);
        const caller = { userId: user.id, sessionId: session.id, ip: request.ip };
        return changePassword(ctx, caller, request.body);
      },
    );
  };
}

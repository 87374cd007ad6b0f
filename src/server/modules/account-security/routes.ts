import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailSentSchema } from '@/contracts/account';
import {
  accountSessionsSchema,
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  endedSessionsSchema,
  passwordChangedSchema,
  sessionParamsSchema,
} from '@/contracts/account-security';
import { apiErrorSchema } from '@/contracts/common';
import { currentUserSchema } from '@/contracts/user';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { toCurrentUser } from '../users/user-views';
import { confirmEmailChange, requestEmailChange } from './email-change';
import { changePassword } from './password-change';
import { endOtherSessions, endOwnSession, listSessions } from './sessions';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** The account's password, address and signed-in browsers (issue 20 item 3, DESIGN.md §9). */
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
    app.post(
      '/account/email',
      {
        config: { auth: 'user' },
        schema: {
          body: changeEmailSchema,
          response: { 202: emailSentSchema, 409: apiErrorSchema, 429: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const caller = { userId: signedIn(request).user.id, ip: request.ip };
        return reply.status(202).send(await requestEmailChange(ctx, caller, request.body));
      },
    );
    app.post(
      '/account/email/confirm',
      {
        schema: {
          body: confirmEmailChangeSchema,
          response: { 200: currentUserSchema, 409: apiErrorSchema, ...errors },
        },
      },
      async (request) => {
        // The link works signed in or not; a browser of the same account stays signed in.
        const { auth } = request;
        const caller = auth ? { userId: auth.user.id, sessionId: auth.session.id } : undefined;
        const user = await confirmEmailChange(ctx, request.body.token, caller);
        return toCurrentUser(ctx, user, auth?.user.id === user.id ? auth.session : undefined);
      },
    );
  };
}

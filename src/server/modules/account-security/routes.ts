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
      {
        config: { auth: 'user' },
        schema: {
          summary: 'The browsers and devices signed in to this account.',
          tags: ['Account'],
          response: { 200: accountSessionsSchema, ...errors },
        },
      },
      async (request) => {
        const { user, session } = signedIn(request);
        return { items: await listSessions(ctx, user.id, session.id) };
      },
    );
    app.delete(
      '/account/sessions/:id',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Sign out one of the other sessions of this account.',
          tags: ['Account'],
          params: sessionParamsSchema,
          response: { 200: endedSessionsSchema, ...errors },
        },
      },
      async (request) => endOwnSession(ctx, signedIn(request).user.id, request.params.id),
    );
    app.post(
      '/account/sessions/revoke-others',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Sign out every session but this one.',
          tags: ['Account'],
          response: { 200: endedSessionsSchema, ...errors },
        },
      },
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
          summary: 'Change the password (needs the current one); other sessions end.',
          tags: ['Account'],
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
          summary: 'Ask to change the email address: a link goes to the new one.',
          tags: ['Account'],
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
          summary: 'Confirm a new email address with the token of its link.',
          tags: ['Account'],
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

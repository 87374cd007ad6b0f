import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginSchema, registerSchema } from '@/contracts/auth';
import { apiErrorSchema } from '@/contracts/common';
import { currentUserSchema } from '@/contracts/user';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { freshUserRow } from '../users/service';
import { toCurrentUser } from '../users/user-views';
import { DEVICE_COOKIE, issueDeviceToken, readDeviceToken, setDeviceCookie } from './device-cookie';
import { endSessions } from './end-sessions';
import * as auth from './service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/register',
      {
        schema: {
          summary: 'Create an account and sign in (sets the session cookie).',
          tags: ['Auth'],
          body: registerSchema,
          response: {
            201: currentUserSchema,
            400: apiErrorSchema,
            409: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const client = { ip: request.ip, userAgent: request.headers['user-agent'] };
        const { user, token, session } = await auth.register(ctx, request.body, client);
        setSessionCookie(reply, ctx.config, token, session);
        setDeviceCookie(reply, ctx.config, issueDeviceToken(ctx.config.sessionSecret, user.id));
        return reply.status(201).send(await toCurrentUser(ctx, user, session));
      },
    );

    app.post(
      '/login',
      {
        schema: {
          summary: 'Sign in with email and password (sets the session cookie).',
          tags: ['Auth'],
          body: loginSchema,
          response: {
            200: currentUserSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const device = readDeviceToken(ctx.config.sessionSecret, request.cookies[DEVICE_COOKIE]);
        const client = { ip: request.ip, userAgent: request.headers['user-agent'], device };
        const previous = request.auth?.session.id;
        const { user, token, session } = await auth.login(ctx, request.body, client, previous);
        setSessionCookie(reply, ctx.config, token, session);
        // The browser is now known to this account; it keeps its device id if it had one.
        const known = device?.userId === user.id;
        if (!known)
          setDeviceCookie(reply, ctx.config, issueDeviceToken(ctx.config.sessionSecret, user.id));
        return toCurrentUser(ctx, user, session);
      },
    );

    app.post(
      '/logout',
      {
        schema: {
          summary: 'Sign out: ends this session and clears its cookie.',
          tags: ['Auth'],
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        if (request.auth) await endSessions(ctx, { sessionIds: [request.auth.session.id] });
        clearSessionCookie(reply, ctx.config);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/user',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'The signed-in user.',
          tags: ['Auth'],
          response: { 200: currentUserSchema, 401: apiErrorSchema },
        },
      },
      async (request) => {
        const { user, session } = signedIn(request);
        return toCurrentUser(ctx, await freshUserRow(ctx, user.id), session);
      },
    );
  };
}

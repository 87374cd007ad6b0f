import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, text } from '@/contracts/common';
import {
  notificationSettingsSchema,
  testEmailResultSchema,
  updateNotificationSettingsSchema,
} from '@/contracts/notification-settings';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { signedIn } from '../../plugins/authentication';
import { notificationSettings, updateNotificationSettings } from './preferences';
import { sendTestEmail } from './test-email';
import { INVALID_UNSUBSCRIBE_LINK, readUnsubscribeLink, unsubscribe } from './unsubscribe';
import { type UnsubscribePageState, unsubscribePage } from './unsubscribe-page';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

/** Notification Settings and the development test email, under /api. */
export function emailApiRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/notification-settings',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Which notifications are sent, in the app and by email.',
          tags: ['Notifications'],
          response: { 200: notificationSettingsSchema, ...errors },
        },
      },
      async (request) => notificationSettings(ctx.db, signedIn(request).user.id),
    );
    app.put(
      '/user/notification-settings',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Choose which notifications are sent, in the app and by email.',
          tags: ['Notifications'],
          body: updateNotificationSettingsSchema,
          response: { 200: notificationSettingsSchema, ...errors },
        },
      },
      async (request) =>
        updateNotificationSettings(ctx.db, signedIn(request).user.id, request.body.settings),
    );
    // DESIGN.md section 3: development only, like the Discover box that calls it.
    if (ctx.config.isDev) {
      app.get(
        '/test-email',
        {
          config: { auth: 'user' },
          schema: {
            summary: 'Send a test email to the signed-in user (development only).',
            tags: ['Development'],
            response: { 200: testEmailResultSchema, ...errors, 429: apiErrorSchema },
          },
        },
        async (request) => sendTestEmail(ctx, signedIn(request).user.id),
      );
    }
  };
}

const unsubscribeQuery = z.object({ token: text('Token').max(2000).optional() });
type UnsubscribeRequest = { query: z.infer<typeof unsubscribeQuery> };

/**
 * The unsubscribe link of every email (public: the signed token is the authority). GET and
 * HEAD only show what it would turn off, with a button: mail scanners follow links. POST
 * acts: the page's button, and RFC 8058 one-click (the mail provider posts
 * `List-Unsubscribe=One-Click`, whatever its content type, from its own Origin). A bad
 * token answers 400 with the page saying so.
 */
export function unsubscribeRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // Only here: one-click posts a form body this route does not need to read.
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, undefined),
    );
    const page = async (reply: FastifyReply, build: () => Promise<UnsubscribePageState>) => {
      reply.type('text/html; charset=utf-8');
      try {
        return unsubscribePage(ctx.config.publicUrl, await build());
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode !== 400) throw error;
        reply.code(400);
        return unsubscribePage(ctx.config.publicUrl, {
          state: 'invalid',
          message: INVALID_UNSUBSCRIBE_LINK,
        });
      }
    };
    app.get(
      '/unsubscribe',
      { schema: { querystring: unsubscribeQuery } },
      async (request: UnsubscribeRequest, reply) =>
        page(reply, async () => {
          const token = request.query.token ?? '';
          const { label } = readUnsubscribeLink(ctx, token);
          const action = `/unsubscribe?token=${encodeURIComponent(token)}`;
          return { state: 'confirm', label, action };
        }),
    );
    app.post(
      '/unsubscribe',
      { schema: { querystring: unsubscribeQuery }, config: { anyOrigin: true } },
      async (request: UnsubscribeRequest, reply) =>
        page(reply, async () => {
          const { label } = await unsubscribe(ctx, request.query.token ?? '');
          return { state: 'done', label };
        }),
    );
  };
}

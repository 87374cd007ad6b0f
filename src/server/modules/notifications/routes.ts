import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contracts/common';
import {
  markReadSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  unreadCountSchema,
} from '@/contracts/notifications';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { listNotifications, markRead } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema };

/** The notifications screen and its unread badge (decision 0016). */
export function notificationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/notifications',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'A page of the notifications of the signed-in user.',
          tags: ['Notifications'],
          querystring: notificationListQuerySchema,
          response: { 200: notificationPageSchema, ...errors },
        },
      },
      async (request) => listNotifications(ctx, signedIn(request).user.id, request.query),
    );
    app.post(
      '/notifications/read',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Mark notifications read (some, or all); answers the unread count.',
          tags: ['Notifications'],
          body: markReadSchema,
          response: { 200: unreadCountSchema, ...errors },
        },
      },
      async (request) => markRead(ctx, signedIn(request).user.id, request.body ?? {}),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contracts/common';
import {
  moderationLogQuerySchema,
  moderationLogSchema,
  moderationQueueQuerySchema,
  moderationQueueSchema,
} from '@/contracts/moderation';
import type { AppContext } from '../../context';
import { moderationLog } from './audit-log';
import { moderationQueue } from './queue';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/**
 * The moderators' reading (issue 21 item 3): the queue and the audit log. `auth: 'moderator'`
 * answers 401 signed out and 403 to everyone without the role. The actions are
 * moderation-actions/ (POST /api/moderation/actions).
 */
export function moderationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/moderation/reports',
      {
        config: { auth: 'moderator' },
        schema: {
          summary: 'The moderation queue: reported content by target, most reported first.',
          tags: ['Moderation'],
          querystring: moderationQueueQuerySchema,
          response: { 200: moderationQueueSchema, ...errors },
        },
      },
      async (request) => moderationQueue(ctx, request.query.status),
    );

    app.get(
      '/moderation/log',
      {
        config: { auth: 'moderator' },
        schema: {
          summary: 'The audit log of moderation actions, newest first.',
          tags: ['Moderation'],
          querystring: moderationLogQuerySchema,
          response: { 200: moderationLogSchema, ...errors },
        },
      },
      async (request) => moderationLog(ctx, request.query.cursor),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contracts/common';
import { moderationActionSchema, moderationLogEntrySchema } from '@/contracts/moderation';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { takeModerationAction } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

/** A moderator's decision (issue 21 item 3): answers the audit-log row it appended. */
export function moderationActionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/moderation/actions',
      {
        config: { auth: 'moderator' },
        schema: {
          summary: 'Take a moderation action; answers the audit-log entry it wrote.',
          tags: ['Moderation'],
          body: moderationActionSchema,
          response: { 200: moderationLogEntrySchema, ...errors },
        },
      },
      async (request) => takeModerationAction(ctx, signedIn(request).user, request.body),
    );
  };
}

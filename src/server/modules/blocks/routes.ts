import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamSchema } from '@/contracts/common';
import { blockListSchema, blockStateSchema } from '@/contracts/moderation';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { blockUser, listBlocks, unblockUser } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/** Blocking (issue 21 item 5): block, unblock, and the caller's list of blocked people. */
export function blockRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/users/:id/block',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Block a user (idempotent); follows between you end.',
          tags: ['Blocks'],
          params: idParamSchema,
          response: { 200: blockStateSchema, ...errors },
        },
      },
      async (request) => blockUser(ctx, signedIn(request).user.id, request.params.id),
    );
    app.delete(
      '/users/:id/block',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Unblock a user (idempotent).',
          tags: ['Blocks'],
          params: idParamSchema,
          response: { 200: blockStateSchema, ...errors },
        },
      },
      async (request) => unblockUser(ctx, signedIn(request).user.id, request.params.id),
    );
    app.get(
      '/blocks',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'The people the signed-in user blocked.',
          tags: ['Blocks'],
          response: { 200: blockListSchema, 401: apiErrorSchema },
        },
      },
      async (request) => listBlocks(ctx, signedIn(request).user.id),
    );
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, idParamSchema } from '@/contracts/common';
import {
  commentListQuerySchema,
  commentListSchema,
  commentViewSchema,
  createCommentSchema,
  likeStateSchema,
  saveStateSchema,
} from '@/contracts/social';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { listComments } from './comment-list';
import { createComment, deleteComment, setCommentLike } from './comment-service';
import { recordView, setDareLike, setDareSave } from './service';

const errors = { 401: apiErrorSchema, 404: apiErrorSchema };
/** POST turns a like or save on, DELETE turns it off; both are idempotent. */
const TOGGLES = [
  ['POST', true, 'Like', 'Save'],
  ['DELETE', false, 'Unlike', 'Unsave'],
] as const;

/** The feed's action column: likes, saves, views and comments (spec section 2). */
export function socialRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const [method, on, like, save] of TOGGLES) {
      app.route({
        method,
        url: '/dares/:id/likes',
        config: { auth: 'user' },
        schema: {
          summary: `${like} a dare (idempotent).`,
          tags: ['Social'],
          params: idParamSchema,
          response: { 200: likeStateSchema, ...errors },
        },
        handler: async (request) =>
          setDareLike(ctx, request.params.id, signedIn(request).user.id, on),
      });
      app.route({
        method,
        url: '/dares/:id/saves',
        config: { auth: 'user' },
        schema: {
          summary: `${save} a dare (idempotent).`,
          tags: ['Social'],
          params: idParamSchema,
          response: { 200: saveStateSchema, ...errors },
        },
        handler: async (request) =>
          setDareSave(ctx, request.params.id, signedIn(request).user.id, on),
      });
      app.route({
        method,
        url: '/comments/:id/likes',
        config: { auth: 'user' },
        schema: {
          summary: `${like} a comment (idempotent).`,
          tags: ['Social'],
          params: idParamSchema,
          response: { 200: likeStateSchema, ...errors },
        },
        handler: async (request) =>
          setCommentLike(ctx, request.params.id, signedIn(request).user.id, on),
      });
    }

    // Anonymous visitors count too (spec: anyone can view dares).
    app.post(
      '/dares/:id/views',
      {
        // The most frequent write: it must not empty the shared feed pages of its instance.
        config: { keepsFeedCaches: true },
        schema: {
          summary: 'Count a view of a dare (once per viewer per day; anonymous views count).',
          tags: ['Social'],
          params: idParamSchema,
          response: { 204: z.null(), 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        await recordView(ctx, request.params.id, {
          userId: request.auth?.user.id,
          ip: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/dares/:id/comments',
      {
        schema: {
          summary: 'The comments on a dare, with their replies.',
          tags: ['Social'],
          params: idParamSchema,
          querystring: commentListQuerySchema,
          response: { 200: commentListSchema, 404: apiErrorSchema },
        },
      },
      async (request) => listComments(ctx, request.params.id, request.auth?.user.id, request.query),
    );

    app.post(
      '/dares/:id/comments',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Comment on a dare, or reply to a comment.',
          tags: ['Social'],
          params: idParamSchema,
          body: createCommentSchema,
          response: { 201: commentViewSchema, 400: apiErrorSchema, 403: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = signedIn(request);
        const comment = await createComment(ctx, request.params.id, user, request.body);
        return reply.status(201).send(comment);
      },
    );

    app.delete(
      '/comments/:id',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Delete an own comment.',
          tags: ['Social'],
          params: idParamSchema,
          response: { 204: z.null(), 403: apiErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        await deleteComment(ctx, request.params.id, signedIn(request).user.id);
        return reply.status(204).send(null);
      },
    );
  };
}

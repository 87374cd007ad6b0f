import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamSchema } from '@/contracts/common';
import {
  followBodySchema,
  followListQuerySchema,
  followPageSchema,
  followStateSchema,
  followUserParamsSchema,
} from '@/contracts/follows';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { type FollowListKind, listFollows } from './follow-lists';
import { follow, unfollow } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};

const FOLLOW_LIST_SUMMARIES: Record<FollowListKind, string> = {
  followers: 'The people who follow a user, a page at a time.',
  following: 'The people a user follows, a page at a time.',
};

/** Follow and unfollow (spec section 7) and the two public lists (issue 12). */
export function followRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/follows',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Follow a user (idempotent).',
          tags: ['Follows'],
          body: followBodySchema,
          response: { 200: followStateSchema, 429: apiErrorSchema, ...errors },
        },
      },
      async (request) => follow(ctx, signedIn(request).user.id, request.body.followedId),
    );
    app.delete(
      '/follows/:userId',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Stop following a user (idempotent).',
          tags: ['Follows'],
          params: followUserParamsSchema,
          response: { 200: followStateSchema, ...errors },
        },
      },
      async (request) => unfollow(ctx, signedIn(request).user.id, request.params.userId),
    );
    for (const kind of ['followers', 'following'] as FollowListKind[]) {
      app.get(
        `/users/:id/${kind}`,
        {
          schema: {
            summary: FOLLOW_LIST_SUMMARIES[kind],
            tags: ['Follows'],
            params: idParamSchema,
            querystring: followListQuerySchema,
            response: { 200: followPageSchema, 400: apiErrorSchema, 404: apiErrorSchema },
          },
        },
        async (request) =>
          listFollows(ctx, kind, request.params.id, request.auth?.user.id, request.query),
      );
    }
  };
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, idParamSchema, text } from '@/contracts/common';
import { PROFILE_PICTURE_MAX_BYTES } from '@/contracts/limits';
import {
  currentUserSchema,
  updateProfileSchema,
  userListSchema,
  userProfileSchema,
} from '@/contracts/user';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import * as usersService from './service';
import { toCurrentUser } from './user-views';

/** Room for a 5 MB picture as base64 (4/3) plus the other fields. */
const PROFILE_BODY_LIMIT = Math.ceil((PROFILE_PICTURE_MAX_BYTES * 4) / 3) + 64 * 1024;

export function usersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.patch(
      '/user/profile',
      {
        bodyLimit: PROFILE_BODY_LIMIT,
        config: { auth: 'user' },
        schema: {
          summary: 'Update the profile of the signed-in user.',
          tags: ['Users'],
          body: updateProfileSchema,
          response: {
            200: currentUserSchema,
            400: apiErrorSchema,
            409: apiErrorSchema,
            413: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const { user, session } = signedIn(request);
        const current = await usersService.freshUserRow(ctx, user.id);
        const updated = await usersService.updateProfile(ctx, current, request.body);
        return toCurrentUser(ctx, updated, session);
      },
    );

    app.get(
      '/users',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Find people by name.',
          tags: ['Users'],
          querystring: z.object({ q: text('Search').max(100).optional() }),
          response: { 200: userListSchema, 429: apiErrorSchema },
        },
      },
      async (request) => {
        const { user } = signedIn(request);
        return usersService.listUsers(ctx, user.id, request.query.q);
      },
    );

    app.get(
      '/users/:id',
      {
        schema: {
          summary: 'The public profile of a user.',
          tags: ['Users'],
          params: idParamSchema,
          response: { 200: userProfileSchema, 404: apiErrorSchema },
        },
      },
      async (request) => usersService.getProfile(ctx, request.params.id, request.auth?.user.id),
    );
  };
}

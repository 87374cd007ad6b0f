import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, idParamSchema, pathId } from '@/contracts/common';
import { setPitchVideoSchema } from '@/contracts/dare-requests';
import {
  createDareSchema,
  dareListQuerySchema,
  darePageSchema,
  darePledgeListSchema,
  dareViewSchema,
  trendingQuerySchema,
} from '@/contracts/dares';
import { createdDareSchema } from '@/contracts/invitations';
import { PROFILE_PICTURE_MAX_BYTES } from '@/contracts/limits';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { requireVerifiedEmail } from '../account/verify-email';
import { invitationAnswer } from '../invitations/create-invitation';
import { audienceOf } from '../moderation/visibility-sql';
import { acceptPublicChallenge } from './accept-dare';
import { createDare, isPublicChallengeInput } from './create-dare';
import { createFundedPublicDare, releaseFundingOfRefusedDare } from './create-public-dare';
import { toDareViews } from './dare-views';
import { feedPageJson } from './feed-page-json';
import { publicPage, userDaresPage } from './feed-queries';
import * as daresService from './service';
import { setPitchVideo } from './set-pitch-video';

/** A cover image may arrive as a data URL (base64: 4/3 of 5 MB) with the form fields. */
const CREATE_BODY_LIMIT = Math.ceil((PROFILE_PICTURE_MAX_BYTES * 4) / 3) + 64 * 1024;
const pageQuery = dareListQuerySchema.omit({ tab: true });
const errors = { 400: apiErrorSchema, 404: apiErrorSchema };

export function daresRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dares',
      {
        schema: {
          summary: 'The feed: a page of dares (tabs, categories, keyset cursor).',
          tags: ['Dares'],
          querystring: dareListQuerySchema,
          response: { 200: darePageSchema, ...errors },
        },
      },
      async (request, reply) => {
        // JSON text already checked against darePageSchema: Fastify sends a string as is.
        const { viewerId, mature } = audienceOf(request.auth);
        const json = await feedPageJson(ctx, { ...request.query, viewerId, mature });
        return reply.type('application/json; charset=utf-8').send(json as never);
      },
    );

    app.get(
      '/dares/public',
      {
        schema: {
          summary: 'A page of public challenges anyone may take on.',
          tags: ['Dares'],
          querystring: pageQuery,
          response: { 200: darePageSchema, ...errors },
        },
      },
      async (request) => {
        const { viewerId, mature } = audienceOf(request.auth);
        return daresService.toPage(
          ctx,
          await publicPage(ctx, { ...request.query, viewerId, mature }),
          viewerId,
        );
      },
    );

    app.get(
      '/dares/trending',
      {
        schema: {
          summary: 'Trending dares: hot, rising or popular.',
          tags: ['Dares'],
          querystring: trendingQuerySchema,
          response: { 200: darePageSchema, ...errors },
        },
      },
      async (request) =>
        daresService.trendingPage(
          ctx,
          request.query.type,
          request.query.limit,
          audienceOf(request.auth),
        ),
    );

    app.get(
      '/dares/saved',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'The dares the signed-in user saved.',
          tags: ['Dares'],
          response: { 200: darePageSchema, 401: apiErrorSchema },
        },
      },
      async (request) => daresService.savedPage(ctx, audienceOf(signedIn(request))),
    );

    app.get(
      '/dares/user/:userId',
      {
        schema: {
          summary: 'A page of the dares a user created or took on.',
          tags: ['Dares'],
          params: z.object({ userId: pathId }),
          querystring: pageQuery,
          response: { 200: darePageSchema, ...errors },
        },
      },
      async (request) => {
        const { viewerId, mature } = audienceOf(request.auth);
        const page = await userDaresPage(ctx, {
          ...request.query,
          userId: request.params.userId,
          viewerId,
          mature,
        });
        return daresService.toPage(ctx, page, viewerId);
      },
    );

    app.get(
      '/dares/:id',
      {
        schema: {
          summary: 'One dare.',
          tags: ['Dares'],
          params: idParamSchema,
          response: { 200: dareViewSchema, 410: apiErrorSchema, ...errors },
        },
      },
      async (request) => daresService.getDare(ctx, request.params.id, request.auth?.user),
    );

    app.get(
      '/dares/:id/pledges',
      {
        schema: {
          summary: 'The pledges made to a dare.',
          tags: ['Dares'],
          params: idParamSchema,
          response: { 200: darePledgeListSchema, 410: apiErrorSchema, ...errors },
        },
      },
      async (request) => daresService.darePledges(ctx, request.params.id, request.auth?.user),
    );

    app.post(
      '/dares/:id/accept',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Take on a public challenge.',
          tags: ['Dares'],
          params: idParamSchema,
          response: {
            200: dareViewSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            409: apiErrorSchema,
            410: apiErrorSchema,
            ...errors,
          },
        },
      },
      async (request) => {
        const { user } = signedIn(request);
        const row = await acceptPublicChallenge(ctx, request.params.id, user);
        const [view] = await toDareViews(ctx, [row], user.id);
        return view!;
      },
    );

    app.post(
      '/dares/:id/pitch-video',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Add the pitch video (and its captions) to a dare that has none.',
          tags: ['Dares'],
          params: idParamSchema,
          body: setPitchVideoSchema,
          response: {
            200: dareViewSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            409: apiErrorSchema,
            422: apiErrorSchema,
            ...errors,
          },
        },
      },
      async (request) => {
        const { user } = signedIn(request);
        const row = await setPitchVideo(
          ctx,
          request.params.id,
          user.id,
          request.body.pitchVideo,
          request.body.pitchCaptions,
        );
        const [view] = await toDareViews(ctx, [row], user.id);
        return view!;
      },
    );

    app.post(
      '/dares',
      {
        bodyLimit: CREATE_BODY_LIMIT,
        config: { auth: 'user' },
        // Validation runs in the handler so a refused public dare can release its card hold.
        attachValidation: true,
        schema: {
          summary: 'Create a dare: for oneself, a public challenge, or for a person to take on.',
          tags: ['Dares'],
          body: createDareSchema,
          response: {
            201: createdDareSchema,
            401: apiErrorSchema,
            403: apiErrorSchema,
            409: apiErrorSchema,
            413: apiErrorSchema,
            422: apiErrorSchema,
            429: apiErrorSchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { user } = signedIn(request);
        if (request.validationError) {
          await releaseFundingOfRefusedDare(ctx, user.id, request.body);
          throw request.validationError;
        }
        if (request.body.recipientType === 'email') requireVerifiedEmail(user);
        const created = isPublicChallengeInput(request.body)
          ? { dare: await createFundedPublicDare(ctx, user.id, request.body) }
          : await createDare(ctx, user.id, request.body);
        const [view] = await toDareViews(ctx, [created.dare], user.id);
        return reply.status(201).send({ ...view!, ...invitationAnswer(created.invitation) });
      },
    );
  };
}

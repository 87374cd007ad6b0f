import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamSchema } from '@/contracts/common';
import {
  acceptDareRequestResultSchema,
  createDareRequestSchema,
  dareRequestListQuerySchema,
  dareRequestListSchema,
  dareRequestViewSchema,
} from '@/contracts/dare-requests';
import { PROFILE_PICTURE_MAX_BYTES } from '@/contracts/limits';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { requireVerifiedEmail } from '../account/verify-email';
import { answerDareRequest, createDareRequest, listDareRequests } from './service';

/** The cover image arrives as a data URL (base64: 4/3 of 5 MB) with the form fields. */
const SEND_BODY_LIMIT = Math.ceil((PROFILE_PICTURE_MAX_BYTES * 4) / 3) + 64 * 1024;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const answerErrors = { ...errors, 403: apiErrorSchema, 409: apiErrorSchema };

/** Dare requests (spec section 7): list, send, and the recipient's accept / decline. */
export function dareRequestsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dare-requests',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'The dare requests the signed-in user sent or received.',
          tags: ['Dare requests'],
          querystring: dareRequestListQuerySchema,
          response: { 200: dareRequestListSchema, ...errors },
        },
      },
      async (request) => listDareRequests(ctx, signedIn(request).user, request.query.type),
    );

    app.post(
      '/dare-requests',
      {
        bodyLimit: SEND_BODY_LIMIT,
        config: { auth: 'user' },
        schema: {
          summary: 'Ask a person (by account or email) for a dare.',
          tags: ['Dare requests'],
          body: createDareRequestSchema,
          response: {
            201: dareRequestViewSchema,
            403: apiErrorSchema,
            413: apiErrorSchema,
            422: apiErrorSchema,
            429: apiErrorSchema,
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const { user } = signedIn(request);
        // Sending to an address needs a proven one of one's own (issue 20).
        if (request.body.recipientEmail) requireVerifiedEmail(user);
        const view = await createDareRequest(ctx, user, request.body);
        return reply.status(201).send(view);
      },
    );

    app.post(
      '/dare-requests/:id/accept',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Accept a dare request received: the dare is created.',
          tags: ['Dare requests'],
          params: idParamSchema,
          response: { 200: acceptDareRequestResultSchema, ...answerErrors },
        },
      },
      async (request) => {
        const view = await answerDareRequest(
          ctx,
          signedIn(request).user,
          request.params.id,
          'accept',
        );
        return { dareId: view.dareId!, request: view };
      },
    );

    app.post(
      '/dare-requests/:id/decline',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Decline a dare request received.',
          tags: ['Dare requests'],
          params: idParamSchema,
          response: { 200: dareRequestViewSchema, ...answerErrors },
        },
      },
      async (request) =>
        answerDareRequest(ctx, signedIn(request).user, request.params.id, 'decline'),
    );
  };
}

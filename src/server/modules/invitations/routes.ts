import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamSchema } from '@/contracts/common';
import {
  acceptInvitationResultSchema,
  declineInvitationResultSchema,
  invitationTokenParamsSchema,
  invitationViewSchema,
  reissuedInvitationSchema,
} from '@/contracts/invitations';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { toDareViews } from '../dares/dare-views';
import { reissueInvitation } from './reissue';
import { acceptInvitation, declineInvitation, getInvitation } from './service';

const errors = {
  400: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
};
const signedInErrors = { ...errors, 401: apiErrorSchema, 403: apiErrorSchema };

/** Challenge invitations (DESIGN.md section 6, decision 0019). */
export function invitationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/invitations/:token',
      {
        schema: {
          summary: 'What an invitation link shows: the dare and who sent it.',
          tags: ['Invitations'],
          params: invitationTokenParamsSchema,
          response: { 200: invitationViewSchema, ...errors },
        },
      },
      async (request) => getInvitation(ctx, request.params.token, request.ip),
    );

    app.post(
      '/invitations/:token/accept',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Accept a challenge invitation: the dare is taken on.',
          tags: ['Invitations'],
          params: invitationTokenParamsSchema,
          response: { 200: acceptInvitationResultSchema, ...signedInErrors },
        },
      },
      async (request) => {
        const { user } = signedIn(request);
        const dare = await acceptInvitation(ctx, request.params.token, user, request.ip);
        const [view] = await toDareViews(ctx, [dare], user.id);
        return view!;
      },
    );

    app.post(
      '/invitations/:token/decline',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Decline a challenge invitation.',
          tags: ['Invitations'],
          params: invitationTokenParamsSchema,
          response: { 200: declineInvitationResultSchema, ...signedInErrors },
        },
      },
      async (request) =>
        declineInvitation(ctx, request.params.token, signedIn(request).user, request.ip),
    );

    app.post(
      '/dares/:id/invitation',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'A new invitation link for an own dare (the old one stops working).',
          tags: ['Invitations'],
          params: idParamSchema,
          response: { 200: reissuedInvitationSchema, ...signedInErrors, 409: apiErrorSchema },
        },
      },
      async (request) => reissueInvitation(ctx, request.params.id, signedIn(request).user.id),
    );
  };
}

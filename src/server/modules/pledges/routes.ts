import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamSchema } from '@/contracts/common';
import { IDEMPOTENCY_HEADER, idempotencyHeadersSchema } from '@/contracts/idempotency';
import {
  clientSecretSchema,
  createPledgeSchema,
  type PledgeView,
  paymentConfigSchema,
  pledgeListSchema,
  pledgePaymentIntentSchema,
  pledgeViewSchema,
  preDareIntentSchema,
} from '@/contracts/pledges';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { cancelPledge } from './cancel-pledge';
import { createPreDareIntent } from './pre-dare-funding';
import * as pledgesService from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  410: apiErrorSchema,
  422: apiErrorSchema,
};
/** A failure at the payment provider: one message in words, the detail only in the log. */
const gatewayErrors = { ...errors, 502: apiErrorSchema };

/** Pledges: create, the viewer's list, one pledge, cancel, its payment intent; public-dare funding intents. */
export function pledgesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/pledges',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Pledge to a dare: a pending pledge until its card is authorized.',
          tags: ['Pledges'],
          headers: idempotencyHeadersSchema,
          body: createPledgeSchema,
          response: { 201: pledgeViewSchema, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await pledgesService.createPledge(
          ctx,
          signedIn(request).user.id,
          request.body,
          request.headers[IDEMPOTENCY_HEADER],
        );
        if (answer.replayed) reply.header('idempotent-replayed', 'true');
        return reply.status(answer.status as 201).send(answer.body as PledgeView);
      },
    );

    app.get(
      '/pledges/user',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'The pledges of the signed-in user.',
          tags: ['Pledges'],
          response: { 200: pledgeListSchema, 401: apiErrorSchema },
        },
      },
      async (request) => pledgesService.listOwnPledges(ctx, signedIn(request).user.id),
    );

    app.get(
      '/pledges/:id',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'One pledge of the signed-in user.',
          tags: ['Pledges'],
          params: idParamSchema,
          response: { 200: pledgeViewSchema, ...errors },
        },
      },
      async (request) =>
        pledgesService.getOwnPledge(ctx, signedIn(request).user.id, request.params.id),
    );

    app.post(
      '/pledges/:id/cancel',
      {
        config: { auth: 'user' },
        schema: {
          summary:
            'Cancel an own pledge while its dare is funding or active (the hold is released).',
          tags: ['Pledges'],
          params: idParamSchema,
          response: { 200: pledgeViewSchema, ...errors },
        },
      },
      async (request) => cancelPledge(ctx, signedIn(request).user.id, request.params.id),
    );

    app.post(
      '/pledges/payment-intent',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'The card payment (a hold, captured later) for a pending pledge.',
          tags: ['Pledges'],
          body: pledgePaymentIntentSchema,
          response: { 200: clientSecretSchema, ...gatewayErrors },
        },
      },
      async (request) =>
        pledgesService.createPledgePaymentIntent(ctx, signedIn(request).user.id, request.body),
    );

    app.post(
      '/payments/create-pre-dare-intent',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'The card hold that funds a public challenge before it is created.',
          tags: ['Pledges'],
          body: preDareIntentSchema,
          response: { 200: clientSecretSchema, ...gatewayErrors },
        },
      },
      async (request) => createPreDareIntent(ctx, signedIn(request).user.id, request.body.amount),
    );

    app.get(
      '/payments/config',
      {
        schema: {
          summary: 'Which card gateway the client talks to (simulated or Stripe).',
          tags: ['Payments'],
          response: { 200: paymentConfigSchema },
        },
      },
      async () => ({
        provider: ctx.config.stripe.secretKey ? ('stripe' as const) : ('simulated' as const),
        publishableKey: ctx.config.stripe.secretKey
          ? (ctx.config.stripe.publishableKey ?? null)
          : null,
      }),
    );
  };
}

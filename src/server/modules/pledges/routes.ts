import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamSchema } from '@/contracts/common';
import {
  clientSecretSchema,
  createPledgeSchema,
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
  422: apiErrorSchema,
};

/** Pledges: create, the viewer's list, one pledge, cancel, its payment intent; public-dare funding intents. */
export function pledgesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/pledges',
      {
        config: { auth: 'user' },
        schema: { body: createPledgeSchema, response: { 201: pledgeViewSchema, ...errors } },
      },
      async (request, reply) => {
        const { user } = signedIn(request);
        const header = request.headers['idempotency-key'];
        const idempotencyKey =
          request.body.idempotencyKey ?? (typeof header === 'string' ? header : undefined);
        const pledge = await pledgesService.createPledge(ctx, user.id, {
          ...request.body,
          ...(idempotencyKey ? { idempotencyKey: idempotencyKey.slice(0, 100) } : {}),
        });
        return reply.status(201).send(pledge);
      },
    );

    app.get(
      '/pledges/user',
      {
        config: { auth: 'user' },
        schema: { response: { 200: pledgeListSchema, 401: apiErrorSchema } },
      },
      async (request) => pledgesService.listOwnPledges(ctx, signedIn(request).user.id),
    );

    app.get(
      '/pledges/:id',
      {
        config: { auth: 'user' },
        schema: { params: idParamSchema, response: { 200: pledgeViewSchema, ...errors } },
      },
      async (request) =>
        pledgesService.getOwnPledge(ctx, signedIn(request).user.id, request.params.id),
    );

    app.post(
      '/pledges/:id/cancel',
      {
        config: { auth: 'user' },
        schema: { params: idParamSchema, response: { 200: pledgeViewSchema, ...errors } },
      },
      async (request) => cancelPledge(ctx, signedIn(request).user.id, request.params.id),
    );

    app.post(
      '/pledges/payment-intent',
      {
        config: { auth: 'user' },
        schema: {
          body: pledgePaymentIntentSchema,
          response: { 200: clientSecretSchema, ...errors },
        },
      },
      async (request) =>
        pledgesService.createPledgePaymentIntent(ctx, signedIn(request).user.id, request.body),
    );

    app.post(
      '/payments/create-pre-dare-intent',
      {
        config: { auth: 'user' },
        schema: { body: preDareIntentSchema, response: { 200: clientSecretSchema, ...errors } },
      },
      async (request) => createPreDareIntent(ctx, signedIn(request).user.id, request.body.amount),
    );

    app.get(
      '/payments/config',
      { schema: { response: { 200: paymentConfigSchema } } },
      async () => ({
        provider: ctx.config.stripe.secretKey ? ('stripe' as const) : ('simulated' as const),
        publishableKey: ctx.config.stripe.secretKey
          ? (ctx.config.stripe.publishableKey ?? null)
          : null,
      }),
    );
  };
}

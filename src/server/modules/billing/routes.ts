import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPaymentMethodSchema,
  paymentMethodListSchema,
  paymentMethodParamsSchema,
  replacePaymentMethodSchema,
  savedPaymentMethodSchema,
} from '@/contracts/billing';
import { apiErrorSchema } from '@/contracts/common';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import {
  addPaymentMethod,
  deletePaymentMethod,
  listPaymentMethods,
  replacePaymentMethod,
  setDefaultPaymentMethod,
} from './payment-methods';
import { payoutRoutes } from './payout-routes';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
/** Saving a card checks it at the gateway: a decline is 402, the gateway failing 502. */
const gatewayErrors = { ...errors, 402: apiErrorSchema, 502: apiErrorSchema };

/** Saved cards (/api/user/payment-methods...) and the payout account (/api/stripe/connect-...). */
export function billingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/user/payment-methods',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'The saved cards of the signed-in user.',
          tags: ['Billing'],
          response: { 200: paymentMethodListSchema, ...errors },
        },
      },
      async (request) => ({
        paymentMethods: await listPaymentMethods(ctx, signedIn(request).user.id),
      }),
    );

    // 201 for a new card, 200 when it was already saved (nothing duplicated).
    app.post(
      '/user/payment-methods',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Save a card (201 new, 200 already saved).',
          tags: ['Billing'],
          body: addPaymentMethodSchema,
          response: {
            200: savedPaymentMethodSchema,
            201: savedPaymentMethodSchema,
            ...gatewayErrors,
          },
        },
      },
      async (request, reply) => {
        const result = await addPaymentMethod(ctx, signedIn(request).user.id, request.body);
        return reply.status(result.created ? 201 : 200).send(result.paymentMethod);
      },
    );

    app.patch(
      '/user/payment-methods/:id/default',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Make a saved card the default one.',
          tags: ['Billing'],
          params: paymentMethodParamsSchema,
          response: { 200: savedPaymentMethodSchema, ...errors },
        },
      },
      async (request) => setDefaultPaymentMethod(ctx, signedIn(request).user.id, request.params.id),
    );

    app.put(
      '/user/payment-methods/:id',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Replace a saved card with a new one; pledges move to it.',
          tags: ['Billing'],
          params: paymentMethodParamsSchema,
          body: replacePaymentMethodSchema,
          response: { 200: savedPaymentMethodSchema, ...gatewayErrors },
        },
      },
      async (request) =>
        replacePaymentMethod(
          ctx,
          signedIn(request).user.id,
          request.params.id,
          request.body.newPaymentMethodId,
        ),
    );

    app.delete(
      '/user/payment-methods/:id',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Remove a saved card.',
          tags: ['Billing'],
          params: paymentMethodParamsSchema,
          response: { 204: z.null(), ...errors, 502: apiErrorSchema },
        },
      },
      async (request, reply) => {
        await deletePaymentMethod(ctx, signedIn(request).user.id, request.params.id);
        return reply.status(204).send(null);
      },
    );

    await app.register(payoutRoutes(ctx));
  };
}

import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contracts/common';
import { PAYMENT_METHODS_PER_HOUR } from '@/contracts/limits';
import {
  confirmPaymentResultSchema,
  confirmPaymentSchema,
  createPaymentMethodSchema,
  paymentErrorSchema,
  paymentMethodViewSchema,
  paymentRequestErrorSchema,
} from '@/contracts/payments';
import { PLEDGE_MESSAGES } from '@/contracts/pledges';
import { simulatedGateway } from '../../adapters/payments/create-gateway';
import { isCardError, PaymentGatewayError } from '../../adapters/payments/gateway';
import type { AppContext } from '../../context';
import { conflict } from '../../lib/errors';
import { takeRateLimit } from '../../lib/rate-limit';
import { signedIn } from '../../plugins/authentication';
import { handlePaymentIntentUpdate } from '../pledges/payment-events';

const errors = {
  400: paymentRequestErrorSchema,
  401: apiErrorSchema,
  402: paymentErrorSchema,
  404: paymentRequestErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};

/** Why an authorization that just happened was not counted, in the words the client shows. */
const NOT_COUNTED = {
  dare_closed: PLEDGE_MESSAGES.notOpen,
  pledge_closed: PLEDGE_MESSAGES.pledgeClosed,
} as const;

/** Gateway refusals answer `{ message, code, declineCode? }` (never the card input). */
function sendGatewayError(reply: FastifyReply, error: unknown) {
  if (!(error instanceof PaymentGatewayError)) throw error;
  const { code, declineCode, message } = error.error;
  const status = isCardError(error.error) ? 402 : code === 'resource_missing' ? 404 : 400;
  return reply.status(status).send({ message, code, ...(declineCode ? { declineCode } : {}) });
}

/**
 * What Stripe.js would call on Stripe, served by the simulated gateway: registers nothing when
 * another gateway is active. The client secret is what authorizes a confirm (like Stripe.js
 * with a publishable key); making cards needs a login and is rate limited per user, since
 * each one is a card-testing attempt. Card numbers are never logged (decision 0011).
 */
export function simulatedPaymentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const gateway = simulatedGateway(ctx);
    if (!gateway) return;

    app.post(
      '/payments/simulated/payment-methods',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Simulated gateway: make a card (what Stripe.js does with card details).',
          tags: ['Payments'],
          body: createPaymentMethodSchema,
          response: { 201: paymentMethodViewSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { user } = signedIn(request);
        await takeRateLimit(ctx.db, {
          key: `payment-methods:user:${user.id}`,
          limit: PAYMENT_METHODS_PER_HOUR,
          windowSeconds: 3600,
        });
        try {
          const method = await gateway.createPaymentMethod(request.body);
          const { id, brand, last4, expMonth, expYear } = method;
          return reply.status(201).send({ id, brand, last4, expMonth, expYear });
        } catch (error) {
          return sendGatewayError(reply, error);
        }
      },
    );

    app.post(
      '/payments/simulated/confirm',
      {
        schema: {
          summary: 'Simulated gateway: confirm a payment with its client secret and a card.',
          tags: ['Payments'],
          body: confirmPaymentSchema,
          response: { 200: confirmPaymentResultSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { clientSecret, paymentMethod, paymentMethodId, authenticate } = request.body;
        try {
          const intent = await gateway.confirmPaymentIntent({
            clientSecret,
            paymentMethodId,
            card: paymentMethod,
            authenticate,
          });
          // What Stripe would announce by webhook, delivered in-process before answering,
          // so the client's next read already sees its pledge authorized.
          const notCounted = await handlePaymentIntentUpdate(ctx, intent);
          if (notCounted) throw conflict(NOT_COUNTED[notCounted], notCounted);
          return reply.status(200).send({ id: intent.id, status: intent.status });
        } catch (error) {
          return sendGatewayError(reply, error);
        }
      },
    );
  };
}

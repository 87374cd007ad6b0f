import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmPaymentResultSchema,
  confirmPaymentSchema,
  createPaymentMethodSchema,
  paymentErrorSchema,
  paymentMethodViewSchema,
  paymentRequestErrorSchema,
} from '@/contracts/payments';
import { simulatedGateway } from '../../adapters/payments/create-gateway';
import { PaymentGatewayError } from '../../adapters/payments/gateway';
import type { AppContext } from '../../context';
import { handlePaymentIntentUpdate } from '../pledges/payment-events';

/** Codes Stripe reports as card errors (HTTP 402): the card, not the request, was refused. */
const CARD_ERROR_CODES = new Set([
  'card_declined',
  'incorrect_number',
  'invalid_number',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'expired_card',
  'invalid_cvc',
  'incorrect_cvc',
  'authentication_required',
  'payment_intent_authentication_failure',
]);

const errors = {
  400: paymentRequestErrorSchema,
  402: paymentErrorSchema,
  404: paymentRequestErrorSchema,
};

/** Gateway refusals answer `{ message, code, declineCode? }` (never the card input). */
function sendGatewayError(reply: FastifyReply, error: unknown) {
  if (!(error instanceof PaymentGatewayError)) throw error;
  const { code, declineCode, message } = error.error;
  const status = CARD_ERROR_CODES.has(code) ? 402 : code === 'resource_missing' ? 404 : 400;
  return reply.status(status).send({ message, code, ...(declineCode ? { declineCode } : {}) });
}

/**
 * What Stripe.js would call on Stripe, served by the simulated gateway: registers nothing when
 * another gateway is active. No login, like Stripe.js with a publishable key; the client
 * secret is what authorizes a confirm. Fastify logs no bodies, so card numbers stay unlogged.
 */
export function simulatedPaymentRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const gateway = simulatedGateway(ctx);
    if (!gateway) return;

    app.post(
      '/payments/simulated/payment-methods',
      {
        schema: {
          body: createPaymentMethodSchema,
          response: { 201: paymentMethodViewSchema, ...errors },
        },
      },
      async (request, reply) => {
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
          await handlePaymentIntentUpdate(ctx, intent);
          return reply.status(200).send({ id: intent.id, status: intent.status });
        } catch (error) {
          return sendGatewayError(reply, error);
        }
      },
    );
  };
}

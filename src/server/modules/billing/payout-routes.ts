import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  connectAccountResultSchema,
  connectAccountSchema,
  connectStatusSchema,
  verifyPayoutAccountSchema,
} from '@/contracts/billing';
import { apiErrorSchema } from '@/contracts/common';
import { simulatedGateway } from '../../adapters/payments/create-gateway';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { requireVerifiedEmail } from '../account/verify-email';
import { connectStatus, createOnboardingLink, verifyPayoutAccount } from './payout-account';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  /** The payment provider failed (the detail is logged). */
  502: apiErrorSchema,
};

/** The payout account: onboarding link, status, and the simulated onboarding form's submit. */
export function payoutRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/stripe/connect-account',
      {
        config: { auth: 'user' },
        schema: {
          summary:
            'Start (or continue) setting up the payout account: answers the onboarding link.',
          tags: ['Billing'],
          body: connectAccountSchema,
          response: { 200: connectAccountResultSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = signedIn(request);
        requireVerifiedEmail(user);
        return createOnboardingLink(ctx, user.id, request.body);
      },
    );

    app.get(
      '/stripe/connect-status',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Whether the payout account can receive money.',
          tags: ['Billing'],
          response: { 200: connectStatusSchema, ...errors },
        },
      },
      async (request) => connectStatus(ctx, signedIn(request).user.id),
    );

    // Stripe's hosted onboarding does this in Stripe mode: there the route does not exist.
    if (!simulatedGateway(ctx)) return;
    app.post(
      '/stripe/connect-account/verify',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Submit the simulated onboarding form (simulated gateway only).',
          tags: ['Billing'],
          body: verifyPayoutAccountSchema,
          response: { 200: connectStatusSchema, ...errors },
        },
      },
      async (request) => {
        const { user } = signedIn(request);
        requireVerifiedEmail(user);
        return verifyPayoutAccount(ctx, user.id, request.body);
      },
    );
  };
}

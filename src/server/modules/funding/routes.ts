import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamSchema } from '@/contracts/common';
import { FUNDING_MESSAGES, paymentStatusSchema, waitingPayoutsSchema } from '@/contracts/funding';
import { capturePaymentsResultSchema } from '@/contracts/pledges';
import { paymentGateway } from '../../adapters/payments/create-gateway';
import type { AppContext } from '../../context';
import { dares } from '../../db/schema';
import { forbidden, notFound, unprocessable } from '../../lib/errors';
import { signedIn } from '../../plugins/authentication';
import { requireVerifiedEmail } from '../account/verify-email';
import { completeDareFunding } from './complete-funding';
import { paymentStatus } from './payment-status';
import { payoutAccount } from './payout-account';
import { waitingPayouts } from './waiting-payouts';

const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  422: apiErrorSchema,
};

/**
 * Capture and payout of a completed dare (POST /api/dares/{id}/capture-payments), its payment
 * status, and the signed-in taker's payouts waiting for an account.
 */
export function fundingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** The dare, when the signed-in user created it or takes it on (404 / 403 otherwise). */
  const partysDare = async (request: Parameters<typeof signedIn>[0], dareId: number) => {
    const { user } = signedIn(request);
    const [dare] = await ctx.db.select().from(dares).where(eq(dares.id, dareId));
    if (!dare) throw notFound(FUNDING_MESSAGES.dareNotFound);
    if (dare.creatorId !== user.id && dare.takerId !== user.id) {
      throw forbidden(FUNDING_MESSAGES.partiesOnly);
    }
    return { dare, isTaker: dare.takerId === user.id };
  };

  return async (app) => {
    app.post(
      '/dares/:id/capture-payments',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Capture the pledges of a completed dare and pay the taker out.',
          tags: ['Funding'],
          params: idParamSchema,
          response: { 200: capturePaymentsResultSchema, ...errors },
        },
      },
      async (request) => {
        requireVerifiedEmail(signedIn(request).user);
        const { dare, isTaker } = await partysDare(request, request.params.id);
        if (dare.status !== 'completed' || !dare.takerId) {
          throw unprocessable(FUNDING_MESSAGES.notCompleted);
        }
        // The money goes to the taker, so it is their account that must be able to receive it.
        const account = await payoutAccount(ctx, paymentGateway(ctx), dare.takerId);
        if (!account?.verified) {
          throw unprocessable(
            isTaker
              ? FUNDING_MESSAGES.accountNotVerified
              : FUNDING_MESSAGES.takerAccountNotVerified,
          );
        }
        return completeDareFunding(ctx, dare.id);
      },
    );

    app.get(
      '/dares/:id/payment-status',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'The payment status of a dare, for its creator and taker.',
          tags: ['Funding'],
          params: idParamSchema,
          response: { 200: paymentStatusSchema, ...errors },
        },
      },
      async (request) => {
        const { dare } = await partysDare(request, request.params.id);
        return paymentStatus(ctx, dare.id);
      },
    );

    app.get(
      '/payouts/waiting',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'Payouts of the signed-in taker that wait for a payout account.',
          tags: ['Funding'],
          response: { 200: waitingPayoutsSchema, 401: apiErrorSchema },
        },
      },
      async (request) => waitingPayouts(ctx, signedIn(request).user.id),
    );
  };
}

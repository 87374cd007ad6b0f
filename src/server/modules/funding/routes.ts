import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema, idParamSchema } from '@/contracts/common';
import { FUNDING_MESSAGES, paymentStatusSchema } from '@/contracts/funding';
import { capturePaymentsResultSchema } from '@/contracts/pledges';
import { paymentGateway } from '../../adapters/payments/create-gateway';
import type { AppContext } from '../../context';
import { dares } from '../../db/schema';
import { forbidden, notFound, unprocessable } from '../../lib/errors';
import { signedIn } from '../../plugins/authentication';
import { completeDareFunding } from './complete-funding';
import { paymentStatus } from './payment-status';
import { payoutAccount } from './payout-account';

const errors = {
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  422: apiErrorSchema,
};

/** Capture and payout of a completed dare (POST /api/dares/{id}/capture-payments) and its payment status. */
export function fundingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** The dare, when the signed-in user created it (404 / 403 otherwise). */
  const creatorsDare = async (request: Parameters<typeof signedIn>[0], dareId: number) => {
    const { user } = signedIn(request);
    const [dare] = await ctx.db.select().from(dares).where(eq(dares.id, dareId));
    if (!dare) throw notFound(FUNDING_MESSAGES.dareNotFound);
    if (dare.creatorId !== user.id) throw forbidden(FUNDING_MESSAGES.creatorOnly);
    return dare;
  };

  return async (app) => {
    app.post(
      '/dares/:id/capture-payments',
      {
        config: { auth: 'user' },
        schema: {
          params: idParamSchema,
          response: { 200: capturePaymentsResultSchema, ...errors },
        },
      },
      async (request) => {
        const dare = await creatorsDare(request, request.params.id);
        if (dare.status !== 'completed') throw unprocessable(FUNDING_MESSAGES.notCompleted);
        const account = await payoutAccount(ctx, paymentGateway(ctx), dare.creatorId);
        if (!account?.verified) throw unprocessable(FUNDING_MESSAGES.accountNotVerified);
        return completeDareFunding(ctx, dare.id);
      },
    );

    app.get(
      '/dares/:id/payment-status',
      {
        config: { auth: 'user' },
        schema: { params: idParamSchema, response: { 200: paymentStatusSchema, ...errors } },
      },
      async (request) => {
        const dare = await creatorsDare(request, request.params.id);
        return paymentStatus(ctx, dare.id);
      },
    );
  };
}

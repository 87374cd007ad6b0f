import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountExportSchema } from '@/contracts/account-export';
import { apiErrorSchema } from '@/contracts/common';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { exportAccount } from './service';

/**
 * GET /api/account/export: the file described by contracts/account-export.ts, as a download.
 * It is a stream from a spooled file: the 200 schema documents the file (a stream is sent as
 * it is, never serialized); errors (401, 429) are the error handler's { message }.
 */
export function accountExportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/account/export',
      // No HEAD twin: it would do the whole export (and spend one of the hour's) for nothing.
      {
        config: { auth: 'user' },
        exposeHeadRoute: false,
        schema: {
          summary: 'Download the data of this account as one JSON file.',
          tags: ['Account'],
          response: { 200: accountExportSchema, 429: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { user, session } = signedIn(request);
        const file = await exportAccount(ctx, { userId: user.id, sessionId: session.id });
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('content-length', String(file.size))
          .header('cache-control', 'no-store')
          .send(file.stream as never);
      },
    );
  };
}

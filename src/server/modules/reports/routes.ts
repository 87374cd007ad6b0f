import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@/contracts/common';
import { createReportSchema, reportReceiptSchema } from '@/contracts/reports';
import type { AppContext } from '../../context';
import { signedIn } from '../../plugins/authentication';
import { fileReport } from './file-report';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
};

/** Reporting content and people (issue 21 item 1, DESIGN.md section 10). */
export function reportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/reports',
      {
        config: { auth: 'user' },
        schema: {
          summary:
            'Report a dare, proof, comment, message or person (201 new, 200 already reported).',
          tags: ['Reports'],
          body: createReportSchema,
          response: { 200: reportReceiptSchema, 201: reportReceiptSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { report, created } = await fileReport(ctx, signedIn(request).user.id, request.body);
        return reply.status(created ? 201 : 200).send(report);
      },
    );
  };
}

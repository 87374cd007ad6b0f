import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, readinessSchema } from '@/contracts/operations';
import type { ReadinessReport } from './readiness';

/**
 * GET /healthz and /readyz for load balancers (decision 0050), outside /api. No login and no
 * session lookup (the authentication hook reads cookies for /api only), GETs (no Origin
 * check), and no log line per call: probes come every few seconds from every balancer.
 */
export function operationsRoutes(readiness: () => Promise<ReadinessReport>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      {
        logLevel: 'silent',
        schema: {
          summary: 'Liveness: 200 while the process serves, 503 once shutdown has begun',
          tags: ['Operations'],
          response: { 200: healthSchema, 503: healthSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        if (app.shuttingDown) return reply.code(503).send({ status: 'shutting down' });
        return { status: 'ok' as const };
      },
    );

    app.get(
      '/readyz',
      {
        logLevel: 'silent',
        schema: {
          summary:
            'Readiness: 200 when the database, migrations, media storage and job runner are all ok; else 503 naming the failing check',
          tags: ['Operations'],
          response: { 200: readinessSchema, 503: readinessSchema },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        const { ready, checks } = await readiness();
        if (app.shuttingDown) return reply.code(503).send({ status: 'shutting down', checks });
        if (!ready) return reply.code(503).send({ status: 'unready', checks });
        return { status: 'ready' as const, checks };
      },
    );
  };
}

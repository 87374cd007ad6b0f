import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import {
  type FastifyPluginAsyncZod,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contracts/common';
import type { AppContext } from '../context';
import type { AppMetrics } from './app-metrics';

export const METRICS_UNAUTHORIZED = 'A valid metrics token is required';

const metricsSchema = {
  summary: "This instance's Prometheus metrics, in the text exposition format",
  tags: ['Operations'],
  response: {
    200: z.string().describe('Prometheus text format 0.0.4'),
    401: apiErrorSchema,
  },
};

/**
 * GET /metrics on the app's own port, only when METRICS_TOKEN is set (decision 0051): the
 * caller sends `Authorization: Bearer <token>`, else 401. Without the token the route does
 * not exist here, so /metrics answers the 404 of any unknown path. Not under /api, and not
 * logged: Prometheus asks every few seconds.
 */
export function metricsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const { token } = ctx.config.metrics;
    if (!token) return;
    app.get('/metrics', { schema: metricsSchema, logLevel: 'silent' }, async (request, reply) => {
      if (!bearerTokenMatches(request.headers.authorization, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ message: METRICS_UNAUTHORIZED });
      }
      return sendScrape(reply, ctx.metrics);
    });
  };
}

/**
 * The second listener of METRICS_PORT (started by main.ts): 127.0.0.1 only, so only this
 * machine (a local Prometheus or agent) reaches it, and /metrics without a token.
 */
export async function startMetricsListener(
  metrics: AppMetrics,
  port: number,
): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  server.get('/metrics', { schema: metricsSchema }, async (_request, reply) =>
    sendScrape(reply, metrics),
  );
  await server.listen({ port, host: '127.0.0.1' });
  return server;
}

/**
 * Compared as SHA-256 digests with timingSafeEqual: the time taken says nothing about how
 * much of the token, or of its length, a guess got right.
 */
export function bearerTokenMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer +(\S+) *$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(presented), digest(token));
}

const digest = (value: string) => createHash('sha256').update(value).digest();

async function sendScrape(reply: FastifyReply, metrics: AppMetrics) {
  const text = await metrics.registry.metrics();
  return reply
    .header('content-type', metrics.registry.contentType)
    .header('cache-control', 'no-store')
    .send(text);
}

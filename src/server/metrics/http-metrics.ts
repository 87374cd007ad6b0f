import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from './app-metrics';

/** The route label of a request no route matched (the SPA's pages and real 404s alike). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Every request's duration by its route pattern (routeOptions.url: '/api/dares/:id', never
 * the URL, so ids and tokens neither leak nor multiply the series), and the requests in
 * flight. Registered before any route. In flight ends on the response's 'close', which also
 * comes for a request the client gave up on; only answered requests are timed.
 */
export function registerHttpMetrics(app: FastifyInstance, metrics: AppMetrics) {
  const { duration, inFlight } = metrics.http;
  app.addHook('onRequest', async (_request, reply) => {
    inFlight.inc();
    reply.raw.once('close', () => inFlight.dec());
  });
  app.addHook('onResponse', async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_code: String(reply.statusCode),
    };
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}

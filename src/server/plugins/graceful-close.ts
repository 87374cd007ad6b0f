import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Marks the start of shutdown: /healthz and /readyz answer 503 from now on (a load
     * balancer stops sending traffic) and answers carry `Connection: close`. main.ts calls it
     * first on SIGTERM, before the job runner stops and connections drain; app.close() sets
     * it too.
     */
    beginShutdown: () => void;
    readonly shuttingDown: boolean;
  }
}

/**
 * Makes app.close() finish in-flight requests before anything is torn down:
 * - answers sent while closing carry `Connection: close`, so keep-alive clients let go;
 * - close() waits until every request that started has been answered (or aborted), so the
 *   database is never closed under a request still using it.
 */
export function registerGracefulClose(app: FastifyInstance) {
  let closing = false;
  let inFlight = 0;
  const done = new WeakSet<object>();
  const finish = (request: object) => {
    if (done.has(request)) return;
    done.add(request);
    inFlight -= 1;
  };

  app.decorate('beginShutdown', () => {
    closing = true;
  });
  app.decorate('shuttingDown', { getter: () => closing });
  app.addHook('onRequest', async () => {
    inFlight += 1;
  });
  app.addHook('onResponse', async (request) => finish(request));
  app.addHook('onRequestAbort', async (request) => finish(request));
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', async () => {
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

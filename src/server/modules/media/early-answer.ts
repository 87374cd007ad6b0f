import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How long the rest of a refused body is read (and dropped) before the socket is cut. */
const LINGER_MS = 2_000;

/**
 * Uploads are often answered before their body has arrived (413, 429, 401, a 503 at
 * shutdown). Closing the socket at once would make the kernel reset a connection that still
 * has unread data, and the client would see that reset instead of our answer. So the rest
 * of the body is read and dropped (Node does that, without holding it) for a short while,
 * then the socket is cut: the client hears why, and a sender that does not stop costs
 * nothing after LINGER_MS.
 */
export function registerLingeringClose(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    // Even while the server closes: `connection: close` would cut the socket at once.
    if (unread(request.raw)) reply.removeHeader('connection');
  });
  app.addHook('onResponse', async (request) => {
    if (!unread(request.raw)) return;
    const timer = setTimeout(() => request.raw.destroy(), LINGER_MS);
    timer.unref();
    request.raw.once('end', () => clearTimeout(timer));
  });
}

/** Body not all received (`complete`) nor read (`readableEnded`, what injected requests have). */
const unread = (raw: IncomingMessage) => !(raw.complete || raw.readableEnded);

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, pathId } from '@/contracts/common';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/errors';
import { signedIn } from '../../plugins/authentication';
import type { LiveHub } from './hub';
import { openStream } from './stream';

/** `Last-Event-ID` as the browser sends it on reconnect; anything else means "from now". */
const lastEventIdOf = (header: unknown, query?: number) => {
  const value = Array.isArray(header) ? header[0] : header;
  const parsed = pathId.safeParse(value);
  return parsed.success ? parsed.data : query;
};

/** GET /api/events: the signed-in tab's Server-Sent Events stream (DESIGN.md section 6). */
export function liveRoutes(ctx: AppContext, hub: LiveHub): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/events',
      {
        config: { auth: 'user' },
        schema: {
          summary: 'The live events of the signed-in tab (Server-Sent Events; use EventSource).',
          tags: ['Live'],
          // EventSource cannot set headers on the first connection: the query may carry it.
          querystring: z.object({ lastEventId: pathId.optional() }),
          response: {
            // Written by openStream on the raw socket: documented here, never serialized.
            200: {
              description: 'An endless text/event-stream: message, unread, notification, dare',
              content: { 'text/event-stream': { schema: z.string() } },
            },
            401: apiErrorSchema,
            406: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        // Only an event-stream client gets the never-ending answer (EventSource asks for it).
        if (!request.headers.accept?.includes('text/event-stream')) {
          throw new AppError(406, 'This is an event stream: use EventSource', 'not_acceptable');
        }
        const lastEventId = lastEventIdOf(
          request.headers['last-event-id'],
          request.query.lastEventId,
        );
        await openStream(ctx, hub, signedIn(request).session, lastEventId, reply);
        return reply;
      },
    );
  };
}

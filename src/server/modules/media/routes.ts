import type { FastifyPluginAsync } from 'fastify';
import { isValidKey } from '../../adapters/media/storage';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/errors';
import { parseRange } from './range';
import { notModified, rangeStillApplies, validatorsFor } from './validators';

/**
 * GET /media/<key>: stored media with its sniffed type, long caching, validators (304) and
 * byte ranges.
 */
export function mediaRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // HEAD is declared here, not derived from GET: Fastify's derived HEAD answers
    // `content-length` of the (empty) body it sends, and would read the file to discard it.
    app.route<{ Params: { '*': string } }>({
      method: ['GET', 'HEAD'],
      url: '/*',
      handler: async (request, reply) => {
        const key = request.params['*'];
        const object = isValidKey(key) ? await ctx.storage.stat(key) : null;
        if (!object) throw notFound('File not found');

        reply.header('content-type', object.contentType);
        reply.header('x-content-type-options', 'nosniff');
        reply.header('accept-ranges', 'bytes');
        // Names are generated per upload and never reused, so the content never changes.
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        reply.header('cross-origin-resource-policy', 'same-origin');
        // Validators let a browser whose cached copy expired (or a CDN) revalidate for a 304.
        const validators = validatorsFor(object);
        reply.header('etag', validators.etag);
        if (validators.lastModified) reply.header('last-modified', validators.lastModified);
        if (notModified(request.headers, validators)) return reply.status(304).send();

        const range = rangeStillApplies(request.headers['if-range'], validators)
          ? parseRange(request.headers.range, object.size)
          : undefined;
        if (range === 'unsatisfiable') {
          reply.header('content-range', `bytes */${object.size}`);
          return reply.status(416).send();
        }
        if (range) {
          reply.status(206);
          reply.header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
        }
        reply.header('content-length', range ? range.end - range.start + 1 : object.size);
        if (request.method === 'HEAD') return reply.send();
        return reply.send(await ctx.storage.read(key, range));
      },
    });
  };
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isModerator } from '@/domain/moderation-roles';
import type { AppContext } from '../context';
import { fromRoot } from '../lib/project-root';
import { SESSION_COOKIE } from '../modules/auth/session-cookie';
import { findSession } from '../modules/auth/session-store';
import { sharePreviewFor, withSharePreview } from '../modules/dares/share-preview';
import { compressedHtml } from '../modules/web-pages/compress-html';
import { firstScreenFor } from '../modules/web-pages/initial-data';
import { withFirstScreen } from '../modules/web-pages/page-html';
import { readManifest, routeChunkResolver } from '../modules/web-pages/route-chunks';

const webRoot = fromRoot('dist', 'web');

const NOT_BUILT_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Darefund</title></head>
<body><p>The web app is not built yet. Run <code>npm run build</code>.</p></body></html>`;

/** Pages are public and crawlable; the API is not content (and costs queries). */
const ROBOTS_TXT = 'User-agent: *\nAllow: /\nDisallow: /api/\n';

/** The installable app's files (vite.config.ts, decision 0052). */
const SERVICE_WORKER = join(webRoot, 'service-worker.js');
const MANIFEST_TYPE = 'application/manifest+json';

/**
 * Hashed assets are kept for good. The service worker is checked on every visit (no-cache):
 * a deploy's new worker must be seen at once, or 'A new version is available' waits for the
 * cache to expire. Everything else (index.html, the manifest, icons) for five minutes.
 */
function cacheControlOf(path: string): string {
  if (path.startsWith(join(webRoot, 'assets'))) return 'public, max-age=31536000, immutable';
  // The file sent may be its precompressed twin.
  if (path.replace(/\.(br|gz)$/, '') === SERVICE_WORKER) return 'no-cache';
  return 'public, max-age=300';
}

/**
 * Serves the built single-page app: hashed assets with long caching, and index.html for
 * every other path that is not /api or /media (the SPA renders its own 404 page).
 */
export async function registerSpa(app: FastifyInstance, ctx: AppContext) {
  const built = existsSync(join(webRoot, 'index.html'));
  const indexHtml = built ? readFileSync(join(webRoot, 'index.html'), 'utf8') : NOT_BUILT_PAGE;
  const routeChunks = routeChunkResolver(built ? readManifest(webRoot) : null);
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      index: false,
      // One route per built file (known at build time); every other path falls to the SPA.
      wildcard: false,
      // The build writes .br and .gz beside each text asset (scripts/precompress-plugin.ts).
      preCompressed: true,
      setHeaders(res, path) {
        res.header('cache-control', cacheControlOf(path));
        // Chromium reads the manifest whatever its type; the standard one costs nothing.
        if (path.endsWith('.webmanifest')) res.header('content-type', MANIFEST_TYPE);
      },
    });
  }

  // Served by the server (the Vite dev server proxies it here), so dev and prod agree.
  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(ROBOTS_TXT),
  );

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    // Missing API routes, media and build assets are real 404s; HTML in their place breaks clients.
    // So is /metrics where it is not served (decision 0051): the same answer, no hint.
    if (/^\/(api|media|assets|metrics)(\/|$)/.test(path)) {
      return reply.status(404).send({ message: 'Not found' });
    }
    // /dev/* exists only in development (/dev/mail). Elsewhere a browser gets the app, which
    // shows its 404 page as for any unknown path (404 here: the server knows it is not a page);
    // a script asking for JSON gets JSON.
    const devOnly = /^\/dev(\/|$)/.test(path);
    if (devOnly && !/\btext\/html\b/.test(request.headers.accept ?? '')) {
      return reply.status(404).send({ message: 'Not found' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ message: 'Not found' });
    }
    const token = request.cookies[SESSION_COOKIE];
    const viewer = token ? await findSession(ctx, token) : null;
    const [preview, screen] = await Promise.all([
      sharePreviewFor(ctx, path),
      built ? firstScreenFor(ctx, request.url, viewer, request.ip) : null,
    ]);
    let html = preview ? withSharePreview(indexHtml, preview) : indexHtml;
    if (screen) html = withFirstScreen(html, { ...screen, modulePreloads: routeChunks(path) });
    const { body, encoding } = compressedHtml(html, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    // A removed dare's URL is gone (410) for all but moderators, as its API answer is.
    const gone = preview?.removed && !(viewer && isModerator(viewer.user));
    return (
      reply
        .status(devOnly ? 404 : gone ? 410 : 200)
        .header('content-type', 'text/html; charset=utf-8')
        // The page carries who is signed in: no shared cache may keep one visitor's copy.
        .header('cache-control', viewer ? 'private, no-cache' : 'no-cache')
        .header('vary', 'Cookie, Accept-Encoding')
        .send(body)
    );
  });
}

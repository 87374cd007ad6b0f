import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { DEV_MAIL_CSP, renderMailPage } from './mail-page';
import { listOutbox } from './outbox-list';

/**
 * GET /dev/mail: the outbox as a page (issue 12 item 6). Registered only in development,
 * like every dev route; in production /dev/* is a plain 404 (plugins/spa.ts).
 */
export function devMailPageRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/mail', async (_request, reply) =>
      reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', DEV_MAIL_CSP)
        .header('cache-control', 'no-store')
        .send(renderMailPage(await listOutbox(ctx))),
    );
  };
}

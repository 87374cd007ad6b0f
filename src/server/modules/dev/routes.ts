import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUserSchema } from '@/contracts/user';
import type { AppContext } from '../../context';
import { setSessionCookie } from '../auth/session-cookie';
import { createSession } from '../auth/session-store';
import { toCurrentUser } from '../users/user-views';
import { listOutbox } from './outbox-list';
import { devTestAccount } from './service';

const outboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});

/**
 * Development conveniences (DESIGN.md section 3). Registered only when NODE_ENV is
 * development, so a production server has none of these routes.
 */
export function devRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/auto-login',
      {
        schema: {
          summary: 'Sign in as the development test account.',
          tags: ['Development'],
          response: { 200: currentUserSchema },
        },
      },
      async (request, reply) => {
        const user = await devTestAccount(ctx);
        const agent = request.headers['user-agent'];
        const { token, session } = await createSession(ctx, user.id, true, agent);
        setSessionCookie(reply, ctx.config, token, session);
        return toCurrentUser(ctx, user, session);
      },
    );

    // The outbox as JSON (the page is /dev/mail): for scripts and tests.
    app.get(
      '/mail',
      {
        schema: {
          summary: 'The mail outbox, newest first.',
          tags: ['Development'],
          response: { 200: z.object({ items: z.array(outboxMessageSchema) }) },
        },
      },
      async () => ({ items: await listOutbox(ctx) }),
    );
  };
}

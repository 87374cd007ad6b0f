import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { unauthorized } from '../lib/errors';
import { SESSION_COOKIE } from '../modules/auth/session-cookie';
import { type ActiveSession, findSession, type SessionUser } from '../modules/auth/session-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user and their session, or null; resolved for /api requests. */
    auth: { user: SessionUser; session: ActiveSession } | null;
  }
}

export function registerAuthentication(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    request.auth = await findSession(ctx, token);
  });
}

/** The signed-in user, or a 401 for anonymous callers. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.auth) throw unauthorized();
  return request.auth.user;
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isModerator } from '@/domain/moderation-roles';
import type { AppContext } from '../context';
import { forbidden, unauthorized } from '../lib/errors';
import { SESSION_COOKIE } from '../modules/auth/session-cookie';
import { type ActiveSession, findSession, type SessionUser } from '../modules/auth/session-store';

export type SignedIn = { user: SessionUser; session: ActiveSession };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user and their session, or null; resolved for /api requests. */
    auth: SignedIn | null;
  }
  interface FastifyContextConfig {
    /**
     * 'user': the route is login-required. Anonymous callers get 401 before their body is
     * read or validated (DESIGN.md section 7); the handler reads them with `signedIn`.
     * 'moderator': the same, and a signed-in caller without the moderator or admin role gets
     * 403 (issue 21).
     */
    auth?: 'user' | 'moderator';
  }
}

export function registerAuthentication(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/')) {
      const token = request.cookies[SESSION_COOKIE];
      if (token) request.auth = await findSession(ctx, token);
    }
    const needs = request.routeOptions.config.auth;
    if (needs && !request.auth) throw unauthorized();
    if (needs === 'moderator' && !isModerator(request.auth!.user)) throw forbidden();
  });
}

/**
 * The caller of a route declared with `config: { auth: 'user' | 'moderator' }`, which the hook above
 * guarantees is signed in. Used elsewhere it fails loudly (the fuzz test reports the 500).
 */
export function signedIn(request: FastifyRequest): SignedIn {
  if (!request.auth) {
    throw new Error(`${request.routeOptions.url} needs config: { auth: 'user' } to read the user`);
  }
  return request.auth;
}

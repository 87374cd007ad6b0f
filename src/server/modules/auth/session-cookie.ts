import type { FastifyReply } from 'fastify';
import type { Config } from '../../config';
import { type ActiveSession, REMEMBER_ME_MS } from './session-store';

export const SESSION_COOKIE = 'sid';

/** Remember-me → a persistent cookie; otherwise a browser-session cookie (no Max-Age). */
export function setSessionCookie(
  reply: FastifyReply,
  config: Config,
  token: string,
  session: ActiveSession,
) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
    ...(session.rememberMe ? { maxAge: Math.floor(REMEMBER_ME_MS / 1000) } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.publicUrl.startsWith('https://'),
  });
}

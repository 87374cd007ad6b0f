import type { FastifyInstance } from 'fastify';

/** Block calls against a test app (issue 21 item 5). */
export function blockCalls(app: FastifyInstance) {
  const headers = (cookie?: string) => (cookie ? { cookie } : {});
  return {
    block: (cookie: string | undefined, userId: number | string) =>
      app.inject({ method: 'POST', url: `/api/users/${userId}/block`, headers: headers(cookie) }),
    unblock: (cookie: string | undefined, userId: number | string) =>
      app.inject({ method: 'DELETE', url: `/api/users/${userId}/block`, headers: headers(cookie) }),
    list: (cookie?: string) => app.inject({ url: '/api/blocks', headers: headers(cookie) }),
  };
}

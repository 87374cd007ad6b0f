import type { FastifySchema } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { signUnsubscribeToken } from '@/server/modules/email/unsubscribe-token';
import type { CatalogRoute } from '@/server/plugins/route-catalog';
import { challengePayload } from '../support/challenges';
import { fill } from '../support/schema-requests';
import { jsonPoster, registerOverHttp, startAppProcess } from '../support/server-process';
import { createTestApp } from '../support/test-app';
import { createTestDatabase, dropTestDatabase } from '../support/test-database';

/**
 * DESIGN.md section 7: logs never carry query parameters, tokens or email addresses. A real
 * server (the entry point, LOG_LEVEL info) gets every route of app.routeCatalog with secrets
 * in its path and query, plus real invitation and unsubscribe tokens and searches for an
 * email; its whole output is then searched for every one of them.
 */
const SECRET = 'request-logs-secret-request-logs-secret';
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type Schemas = { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };

/** Every secret the requests carried: none may appear in the log. */
const secrets: string[] = [];
const secret = (kind: 'token' | 'email') => {
  const value =
    kind === 'email'
      ? `probe.${secrets.length}.${Date.now().toString(36)}@example.com`
      : `tok${secrets.length}x${Math.random().toString(36).slice(2, 12)}`;
  secrets.push(value);
  return value;
};

/** The route's URL with a secret in every text parameter and every query string field. */
function urlWithSecrets(route: CatalogRoute): string {
  const schemas = (route.schema ?? {}) as FastifySchema & Schemas;
  const params = schemas.params ? (fill(schemas.params) as Record<string, unknown>) : {};
  const path = route.url
    .replace(/:(\w+)/g, (_match, name: string) =>
      typeof params[name] === 'number' ? String(params[name]) : secret('token'),
    )
    .replace('*', () => `${secret('token')}.mp4`);
  const query = schemas.querystring
    ? Object.entries(fill(schemas.querystring) as Record<string, unknown>)
    : [];
  const search = new URLSearchParams(
    query.map(([key, value]) => [
      key,
      typeof value === 'string' ? secret(key === 'q' ? 'email' : 'token') : String(value),
    ]),
  );
  // Every route also gets a query field it does not know of.
  search.set('utm_source', secret('token'));
  return `${path}?${search}`;
}

describe('request logs', () => {
  it('carry route patterns only: after every route, no token, email or query string is in the log', async () => {
    // The catalog of the same build (production: no development routes).
    const catalogApp = await createTestApp({ NODE_ENV: 'production' });
    const routes = [...catalogApp.app.routeCatalog];
    await catalogApp.close();

    const databaseUrl = await createTestDatabase();
    cleanups.push(() => dropTestDatabase(databaseUrl));
    const app = await startAppProcess({
      LOG_LEVEL: 'info',
      SESSION_SECRET: SECRET,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    cleanups.push(app.stop);
    const { base, server } = app;
    await app.ready;

    const email = `logged.${Date.now().toString(36)}@example.com`;
    secrets.push(email);
    const cookie = await registerOverHttp(base, email);
    const me = (await (await fetch(`${base}/api/user`, { headers: { cookie } })).json()) as {
      id: number;
    };
    const send = (method: string, url: string, body?: unknown) =>
      fetch(`${base}${url}`, {
        method,
        headers: {
          cookie,
          origin: base,
          // An event stream would stay open: ask for JSON and get the 406.
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then(async (response) => {
        await response.arrayBuffer();
        return response;
      });

    // A real invitation token (a phone challenge hands its link to the creator).
    const phone = challengePayload('phone', '+1 555 010 4242');
    const { json: dare } = await jsonPoster(base, cookie)('/api/dares', phone);
    const invitationToken = String(dare.invitationUrl).split('/invite/')[1]!;
    // A real unsubscribe link of this account.
    const unsubscribeToken = signUnsubscribeToken(SECRET, {
      email,
      kind: 'new_follower',
      userId: me.id,
    });
    secrets.push(invitationToken, unsubscribeToken);
    await send('GET', `/invite/${invitationToken}`);
    await send('GET', `/api/invitations/${invitationToken}`);
    await send('POST', `/api/invitations/${invitationToken}/decline`);
    await send('GET', `/unsubscribe?token=${unsubscribeToken}`);
    await send('POST', `/unsubscribe?token=${unsubscribeToken}`);
    await send('GET', `/api/search?type=people&q=${encodeURIComponent(email)}`);
    await send('GET', `/api/users?q=${encodeURIComponent(email)}`);

    // Every route, logout last (it ends the session the others use).
    const ordered = [...routes].sort(
      (a, b) => Number(a.url === '/api/logout') - Number(b.url === '/api/logout'),
    );
    for (const route of ordered) {
      const schemas = (route.schema ?? {}) as FastifySchema & Schemas;
      const body =
        route.method === 'GET' || route.method === 'HEAD' || !schemas.body
          ? undefined
          : fill(schemas.body);
      await send(route.method, urlWithSecrets(route), body);
    }

    server.child.kill('SIGTERM');
    await server.exited;
    const log = server.output();
    const requestLines = log.split('\n').filter((line) => line.includes('"incoming request"'));
    expect(requestLines.length).toBeGreaterThan(routes.length);
    const leaked = secrets.filter((value) => log.includes(value));
    expect(leaked).toEqual([]);
    expect(log).toContain('"route":"/api/invitations/:token"');
    // No URL at all, so no query string either.
    expect(log).not.toMatch(/"url":/);
  }, 240_000);
});

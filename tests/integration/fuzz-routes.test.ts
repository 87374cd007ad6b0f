import fc from 'fast-check';
import type { FastifySchema } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { moderationActions } from '@/server/db/schema';
import type { JobRunner } from '@/server/jobs/job-runner';
import type { CatalogRoute } from '@/server/plugins/route-catalog';
import { commentApi } from '../support/comments';
import { createDare } from '../support/dares';
import { startJobRunner } from '../support/job-runner';
import { appendAuditEntries, moderatorFactory } from '../support/moderation';
import {
  arbitraryFor,
  fill,
  HOSTILE_STRINGS,
  hostileFor,
  leaves,
  withLeaf,
} from '../support/schema-requests';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser } from '../support/users';

/**
 * DESIGN.md section 7: a 5xx is always a bug. Every route the app registers (read from the
 * app, so a new route joins by itself) gets requests derived from its zod schemas: each field
 * in turn made hostile (NUL, lone surrogate, huge text, ids at 2^31 and 2^53, wrong types,
 * forged cursors), then random ones from fast-check; anonymous and signed in. None may 5xx.
 */
const RANDOM_RUNS_PER_ROUTE = 6;

type Part = 'params' | 'querystring' | 'body' | 'headers';
type RequestShape = Partial<Record<Part, unknown>>;
type Schemas = Partial<Record<Part, z.core.$ZodType>>;

let t: TestApp;
let runner: JobRunner;
let moderator: Awaited<ReturnType<typeof moderatorFactory>>;
let auditLogBefore: (typeof moderationActions.$inferSelect)[];
beforeAll(async () => {
  t = await createTestApp();
  // As main.ts does: /readyz then answers 200 (its 503 says a dependency failed).
  runner = await startJobRunner(t.app);
  // Records with small ids, so plausible requests (id 1) reach the code behind validation.
  const owner = await registerUser(t.app);
  const dare = await createDare(t.app.ctx.db, { creatorId: owner.user.id });
  await commentApi(t.app).add(dare.id, owner.cookie, 'A first comment');
  // Moderator routes are fuzzed as a moderator too, and the audit log must come out unchanged.
  moderator = await moderatorFactory(t);
  auditLogBefore = await appendAuditEntries(t.app.ctx.db, moderator.user, 3);
}, 60_000);
afterAll(async () => {
  await runner.stop();
  await t.close();
});

function schemasOf(route: CatalogRoute): Schemas {
  const schema = (route.schema ?? {}) as FastifySchema & Schemas;
  return {
    params: schema.params,
    querystring: schema.querystring,
    body: schema.body,
    headers: schema.headers,
  };
}

function plausible(schemas: Schemas): RequestShape {
  return Object.fromEntries(
    Object.entries(schemas).map(([part, schema]) => [part, schema ? fill(schema) : undefined]),
  );
}

/** Each field of each part, in turn, set to each hostile value (the rest plausible). */
function hostileVariants(route: CatalogRoute, schemas: Schemas): RequestShape[] {
  const base = plausible(schemas);
  // A wildcard (media files, the web app) has no schema: its tail gets the hostile strings.
  const variants: RequestShape[] = route.url.includes('*')
    ? HOSTILE_STRINGS.map((value) => ({ ...base, params: { '*': value } }))
    : [];
  for (const part of ['params', 'querystring', 'body', 'headers'] as const) {
    const schema = schemas[part];
    if (!schema) continue;
    for (const { path, leaf } of leaves(schema)) {
      for (const value of hostileFor(leaf)) {
        variants.push({ ...base, [part]: withLeaf(schema, path, value) });
      }
    }
  }
  return variants;
}

function randomRequests(schemas: Schemas): fc.Arbitrary<RequestShape> {
  return fc.record({
    params: schemas.params ? arbitraryFor(schemas.params) : fc.constant(undefined),
    querystring: schemas.querystring ? arbitraryFor(schemas.querystring) : fc.constant(undefined),
    body: schemas.body ? arbitraryFor(schemas.body) : fc.constant(undefined),
    headers: schemas.headers ? arbitraryFor(schemas.headers) : fc.constant(undefined),
  });
}

const asText = (value: unknown) =>
  typeof value === 'string' ? value : value == null ? '' : JSON.stringify(value);

/** Percent-encoding that keeps a lone surrogate as the raw (invalid UTF-8) bytes a client could send. */
const encode = (value: unknown) =>
  Array.from(asText(value), (char) => {
    try {
      return encodeURIComponent(char);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');

function urlOf(route: CatalogRoute, request: RequestShape): string {
  const params = (request.params ?? {}) as Record<string, unknown>;
  let url = route.url
    .replace(/:(\w+)/g, (_match, name: string) => encode(params[name]))
    .replace('*', encode(params['*'] ?? 'x'));
  const query = Object.entries((request.querystring ?? {}) as Record<string, unknown>).filter(
    ([, value]) => value !== undefined,
  );
  if (query.length > 0) {
    url += `?${query.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&')}`;
  }
  return url;
}

/**
 * A route's declared headers (Idempotency-Key) as text; a value no HTTP client can send
 * (control characters, beyond Latin-1) is left out, as Node would refuse it before us.
 */
function headersOf(request: RequestShape): Record<string, string> {
  const sendable = (value: string) => /^[\t\x20-\x7e\x80-\xff]*$/.test(value);
  return Object.fromEntries(
    Object.entries((request.headers ?? {}) as Record<string, unknown>)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, asText(value)] as const)
      .filter(([, value]) => sendable(value)),
  );
}

async function send(route: CatalogRoute, request: RequestShape, cookie?: string) {
  const response = await t.app.inject({
    method: route.method as 'GET',
    url: urlOf(route, request),
    headers: { ...headersOf(request), ...(cookie ? { cookie } : {}) },
    ...(request.body !== undefined ? { payload: request.body as object } : {}),
  });
  return response.statusCode < 500
    ? undefined
    : `${route.method} ${route.url} | ${urlOf(route, request)} ${JSON.stringify(request.body)?.slice(0, 300)} -> ${response.statusCode} ${response.body}`;
}

describe('every route, fuzzed from its schemas', () => {
  it('answers hostile and random requests with a 4xx or a success, never a 5xx', async () => {
    const routes = t.app.routeCatalog;
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    for (const route of routes) {
      const schemas = schemasOf(route);
      // A fresh user per route: logout or a login may end the previous one's session.
      const { cookie } = await registerUser(t.app);
      const callers =
        route.auth === 'moderator' ? [undefined, cookie, moderator.cookie] : [undefined, cookie];
      for (const caller of callers) {
        for (const request of [plausible(schemas), ...hostileVariants(route, schemas)]) {
          const failure = await send(route, request, caller);
          if (failure) failures.push(failure);
        }
        await fc.assert(
          fc.asyncProperty(randomRequests(schemas), async (request) => {
            const failure = await send(route, request, caller);
            if (failure) failures.push(failure);
          }),
          { numRuns: RANDOM_RUNS_PER_ROUTE, seed: 10 },
        );
      }
    }
    const failingRoutes = [...new Set(failures.map((failure) => failure.split(' | ')[0]))];
    expect({ failingRoutes, examples: [...new Set(failures)].slice(0, 20) }).toEqual({
      failingRoutes: [],
      examples: [],
    });
    // Issue 21: whatever every route was sent, the audit log's rows are as they were written
    // (actions may only have appended new ones).
    const auditLogAfter = await t.app.ctx.db
      .select()
      .from(moderationActions)
      .orderBy(moderationActions.id)
      .limit(auditLogBefore.length);
    expect(auditLogAfter).toEqual(auditLogBefore);
  }, 180_000);

  it('answers a session cookie with characters Postgres cannot store as a signed-out caller', async () => {
    for (const cookie of [
      'sid=%00',
      'sid=abc%00def',
      'sid=%ED%A0%80',
      'sid=%E0%A4%A',
      'sid=\uFFFD',
    ]) {
      const response = await t.app.inject({ url: '/api/user', headers: { cookie } });
      expect(response.statusCode, cookie).toBe(401);
    }
  });
});

import SwaggerParser from '@apidevtools/swagger-parser';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESETS_PER_EMAIL_PER_HOUR } from '@/contracts/limits';
import { commentApi } from '../support/comments';
import { createDare } from '../support/dares';
import { moderatorFactory, setModerationState } from '../support/moderation';
import {
  answerChecker,
  type OpenApiDocument,
  openApiDocument,
  toOpenApiPath,
} from '../support/openapi';
import { pledgeOverHttp } from '../support/pledge-http';
import { createTestApp, type TestApp } from '../support/test-app';
import { registerUser, uniqueAddress, uniqueEmail } from '../support/users';

/**
 * Issue 22 item 1: the OpenAPI 3.1 reference is generated from the routes' own schemas, an
 * independent validator accepts it, every /api route is in it, and real answers (errors
 * included) are what it says.
 */
let t: TestApp;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  document = await openApiDocument(t.app);
});
afterAll(async () => {
  await t.close();
});

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ method, path, operation })),
  );

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document to @apidevtools/swagger-parser', async () => {
    expect(document.openapi).toBe('3.1.0');
    // validate() dereferences in place: it gets a copy.
    const validated = await SwaggerParser.validate(structuredClone(document) as never);
    expect(validated.info.title).toBe('Darefund API');
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: 'sid',
    });
  });

  it('has every route Fastify registered under /api, and nothing else', () => {
    const registered = t.app.routeCatalog
      .filter((route) => route.url.startsWith('/api/'))
      .map((route) => `${route.method.toLowerCase()} ${toOpenApiPath(route.url)}`);
    expect(registered.length).toBeGreaterThan(90);
    const documented = operations().map(({ method, path }) => `${method} ${path}`);
    expect(documented.toSorted()).toEqual(registered.toSorted());
  });

  it('gives every operation a summary, declared tags, and the cookie requirement exactly when the route needs a login', () => {
    const declaredTags = new Set(document.tags.map((tag) => tag.name));
    const wrong: string[] = [];
    for (const route of t.app.routeCatalog.filter((each) => each.url.startsWith('/api/'))) {
      const name = `${route.method} ${route.url}`;
      const operation = document.paths[toOpenApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) continue; // The test above names it.
      if (!operation.summary?.trim()) wrong.push(`${name}: no summary`);
      if (!operation.tags?.length) wrong.push(`${name}: no tag`);
      for (const tag of operation.tags ?? []) {
        if (!declaredTags.has(tag)) wrong.push(`${name}: tag '${tag}' is not declared`);
      }
      const security = route.auth ? [{ sessionCookie: [] }] : undefined;
      if (JSON.stringify(operation.security) !== JSON.stringify(security)) {
        wrong.push(`${name}: security ${JSON.stringify(operation.security)}`);
      }
      // What the plugins answer before the handler runs is declared for every such route.
      if (route.auth && !operation.responses['401']) wrong.push(`${name}: no 401`);
      if (route.auth === 'moderator' && !operation.responses['403']) wrong.push(`${name}: no 403`);
      const validates = ['params', 'querystring', 'body', 'headers'].some(
        (part) => (route.schema as Record<string, unknown> | undefined)?.[part],
      );
      if (validates && !operation.responses['400']) wrong.push(`${name}: no 400`);
      if (route.url.includes(':') && !operation.responses['414']) wrong.push(`${name}: no 414`);
    }
    expect(wrong).toEqual([]);
  });

  it('declares every error as the one error shape, and 429 with its Retry-After header', () => {
    const wrong: string[] = [];
    for (const { method, path, operation } of operations()) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (response.description === 'Default Response') {
          wrong.push(`${method} ${path} ${status}: no description`);
        }
        if (Number(status) < 400) continue;
        const schema = response.content?.['application/json']?.schema;
        if (!schema) wrong.push(`${method} ${path} ${status}: no error schema`);
        if (status === '429' && !response.headers) wrong.push(`${method} ${path} 429: no header`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('real answers against the document', () => {
  type Call = {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    /** Values of the route's `:params`. */
    values?: Record<string, string | number>;
    cookie?: string;
    payload?: unknown;
    query?: string;
  };

  it('validate with Ajv for a sample of routes, successes and errors', async () => {
    const problemsOf = answerChecker(document);
    const checked: Array<{ route: string; status: number }> = [];
    const problems: string[] = [];
    /** The answer must have the status the sample expects, and be as documented. */
    const check = (
      method: string,
      route: string,
      expected: number,
      response: LightMyRequestResponse,
    ) => {
      checked.push({ route: `${method} ${route}`, status: response.statusCode });
      if (response.statusCode !== expected) {
        problems.push(
          `${method} ${route}: ${response.statusCode}, not ${expected}: ${response.body}`,
        );
      }
      problems.push(...problemsOf(method, route, response));
      return response;
    };
    /** Calls `route` (its `:params` filled from `values`) and checks the answer. */
    const call = async (
      route: string,
      expected: number,
      { method = 'GET', values = {}, cookie, payload, query = '' }: Call = {},
    ) => {
      const url = route.replace(/:(\w+)/g, (_match, name: string) => String(values[name]));
      const response = await t.app.inject({
        method,
        url: `${url}${query}`,
        remoteAddress: uniqueAddress(),
        headers: cookie ? { cookie } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return check(method, route, expected, response);
    };
    const post = (cookie?: string, payload?: unknown) =>
      ({ method: 'POST', cookie, payload }) as const;

    // Accounts: register (201, 400, 409), login (200, 401), who is signed in (200, 401).
    const email = uniqueEmail();
    const password = 'secret-password';
    const account = { email, password, confirmPassword: password };
    await call('/api/register', 201, post(undefined, account));
    await call('/api/register', 400, post(undefined, { ...account, email: 'not an address' }));
    await call('/api/register', 409, post(undefined, account));
    await call('/api/login', 200, post(undefined, { email, password }));
    await call('/api/login', 401, post(undefined, { email, password: 'a-wrong-one' }));
    const creator = await registerUser(t.app);
    const fan = await registerUser(t.app);
    await call('/api/user', 200, { cookie: creator.cookie });
    await call('/api/user', 401);

    // Password reset: accepted (202) until the address's hourly budget is spent (429).
    for (let i = 0; i < PASSWORD_RESETS_PER_EMAIL_PER_HOUR; i += 1) {
      await call('/api/password-reset', 202, post(undefined, { email: fan.email }));
    }
    await call('/api/password-reset', 429, post(undefined, { email: fan.email }));

    // Dares: lists (200, 400), one dare (200, 400, 404, 410), taking on a private one (403).
    const dare = await createDare(t.app.ctx.db, { creatorId: creator.user.id });
    await call('/api/dares', 200);
    await call('/api/dares', 400, { query: '?cursor=forged' });
    await call('/api/dares/trending', 200);
    await call('/api/dares/user/:userId', 200, { values: { userId: creator.user.id } });
    await call('/api/dares/:id', 200, { values: { id: dare.id }, cookie: fan.cookie });
    await call('/api/dares/:id', 400, { values: { id: 'abc' } });
    await call('/api/dares/:id', 404, { values: { id: 2_147_483_647 } });
    await call('/api/dares/:id/accept', 403, { ...post(fan.cookie), values: { id: dare.id } });
    const removed = await createDare(t.app.ctx.db, { creatorId: creator.user.id });
    await setModerationState(t.app, 'dare', removed.id, 'removed');
    await call('/api/dares/:id', 410, { values: { id: removed.id } });

    // Social: likes, a view (204), comments (201, 200, 400).
    const onDare = { values: { id: dare.id } };
    await call('/api/dares/:id/likes', 200, { ...onDare, ...post(fan.cookie) });
    await call('/api/dares/:id/likes', 200, { ...onDare, method: 'DELETE', cookie: fan.cookie });
    await call('/api/dares/:id/views', 204, { ...onDare, method: 'POST' });
    await call('/api/dares/:id/comments', 201, {
      ...onDare,
      ...post(fan.cookie, { content: 'Go for it!' }),
    });
    await commentApi(t.app).add(dare.id, creator.cookie, 'Thanks!');
    await call('/api/dares/:id/comments', 200, onDare);
    await call('/api/dares/:id/comments', 400, { ...onDare, ...post(fan.cookie, { content: '' }) });

    // Pledges over HTTP (201, 200), the pledger's lists, the dare's pledges, cancelling one.
    const pledged = await pledgeOverHttp(t.app, fan.cookie, dare.id, 10);
    check('POST', '/api/pledges', 201, pledged.created);
    check('POST', '/api/pledges/payment-intent', 200, pledged.intent!);
    check('POST', '/api/payments/simulated/confirm', 200, pledged.confirm!);
    const pledge = { values: { id: pledged.pledgeId! } };
    await call('/api/pledges/user', 200, { cookie: fan.cookie });
    await call('/api/pledges/:id', 200, { ...pledge, cookie: fan.cookie });
    await call('/api/pledges/:id', 404, { ...pledge, cookie: creator.cookie });
    await call('/api/dares/:id/pledges', 200, onDare);
    await call('/api/pledges/:id/cancel', 200, { ...pledge, ...post(fan.cookie) });
    // Paying out a dare that is not completed (422).
    await call('/api/dares/:id/capture-payments', 422, { ...onDare, ...post(creator.cookie) });
    await call('/api/payments/config', 200);

    // People: profiles, follows (200, 400 for oneself), conversations, search, boards.
    await call('/api/users/:id', 200, { values: { id: creator.user.id } });
    await call('/api/users/:id/stats', 200, { values: { id: creator.user.id } });
    await call('/api/follows', 200, post(fan.cookie, { followedId: creator.user.id }));
    await call('/api/follows', 400, post(fan.cookie, { followedId: fan.user.id }));
    await call('/api/users/:id/followers', 200, { values: { id: creator.user.id } });
    await call('/api/conversations', 201, post(fan.cookie, { participants: [creator.user.id] }));
    await call('/api/conversations', 200, { cookie: fan.cookie });
    await call('/api/search', 200, { query: '?q=test&type=dares' });
    await call('/api/leaderboards', 200, { query: '?board=earners&period=all' });
    await call('/api/achievements', 200);
    await call('/api/notifications', 200, { cookie: creator.cookie });

    // Reports and moderation: a report (201), the queue (403 for a user, 200 for a moderator).
    const report = { targetType: 'dare', targetId: dare.id, reason: 'dangerous' };
    await call('/api/reports', 201, post(fan.cookie, report));
    const moderator = await moderatorFactory(t);
    await call('/api/moderation/reports', 403, { cookie: fan.cookie });
    await call('/api/moderation/reports', 200, { cookie: moderator.cookie });

    // A body over the default limit (413) and signing out (204).
    const huge = { ...report, details: 'x'.repeat(2 * 1024 * 1024) };
    await call('/api/reports', 413, post(fan.cookie, huge));
    await call('/api/logout', 204, post(fan.cookie));

    expect(problems).toEqual([]);
    expect(new Set(checked.map((each) => each.route)).size).toBeGreaterThanOrEqual(20);
  });
});

describe('the reference page, /api/docs', () => {
  it('is Swagger UI whose scripts and styles the app serves itself, under its CSP', async () => {
    const page = await t.app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    // Nothing inline for the CSP to refuse: every script has a src.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const assets = [
      ...page.body.matchAll(/<script[^>]*\bsrc="([^"]+)"/g),
      ...page.body.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g),
    ].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(5);
    for (const asset of assets) {
      // Same origin: a path on this app, not another host.
      expect(asset).toMatch(/^\/api\/docs\/static\//);
      const response = await t.app.inject({ url: asset });
      expect(response.statusCode, asset).toBe(200);
      expect(response.headers['content-type'], asset).toMatch(/javascript|css/);
      expect(response.headers['content-security-policy'], asset).toBeDefined();
    }
    // The page loads the document from beside itself: the same one as /api/openapi.json.
    const json = await t.app.inject({ url: '/api/docs/json' });
    expect(json.json()).toEqual(document);
  });

  it('is not the web app, with or without a trailing slash', async () => {
    for (const url of ['/api/docs', '/api/docs/']) {
      const response = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('swagger-ui');
    }
  });
});

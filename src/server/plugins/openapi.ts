import { readFileSync } from 'node:fs';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@/contracts/common';
import { commentViewSchema } from '@/contracts/social';
import { fromRoot } from '../lib/project-root';
import { SESSION_COOKIE } from '../modules/auth/session-cookie';

/**
 * The API reference (issue 22 item 1, decision 0049): an OpenAPI 3.1 document generated from
 * the routes' own zod schemas, at GET /api/openapi.json, and Swagger UI at /api/docs, its
 * assets served by the app under the app's Content-Security-Policy (no CDN).
 *
 * Routes declare only what is theirs (summary, tags, their schemas and the errors their
 * service throws). What the app's plugins guarantee is added here, for every route, so a new
 * route is documented right without boilerplate: the session cookie requirement and 401 for
 * `config.auth`, 403 for 'moderator', 400 for a route that validates input, 413 for a body,
 * 414 for path parameters.
 */

export const OPENAPI_JSON_URL = '/api/openapi.json';
export const API_DOCS_URL = '/api/docs';
/** The name of the security scheme: the session cookie set by POST /api/login. */
export const SESSION_SCHEME = 'sessionCookie';

/** One tag per area of the API, in the order the reference lists them. */
const TAGS = [
  ['Auth', 'Register, sign in and out, and who is signed in.'],
  ['Account', 'The account: email links, password, sessions, preferences, export and deletion.'],
  ['Users', 'Profiles and the people list.'],
  ['Follows', 'Following people, and the public follower lists.'],
  ['Blocks', 'Blocking people.'],
  ['Dares', 'Creating, listing and reading dares, and taking one on.'],
  ['Social', 'Likes, saves, views and comments.'],
  ['Media', 'Uploading videos, images and captions. Stored files are served at /media/{key}.'],
  ['Pledges', 'Pledging money to a dare, and the pledges of the signed-in user.'],
  ['Payments', 'The card gateway: configuration, the simulated gateway, Stripe webhooks.'],
  ['Billing', 'Saved cards and the payout account.'],
  ['Funding', 'Capturing the pledges of a completed dare and paying the taker out.'],
  ['Proofs and votes', 'The proof of the taker, and the votes of the pledgers on it.'],
  ['Notifications', 'In-app notifications and which ones are sent.'],
  ['Conversations', 'Direct messages.'],
  ['Live', 'The Server-Sent Events stream of a signed-in tab.'],
  ['Dare requests', 'Asking someone for a dare, and answering such a request.'],
  ['Invitations', 'Challenge links sent to a person by email.'],
  ['Search', 'The Discover search box.'],
  ['Achievements', 'Achievements and stats.'],
  ['Leaderboards', 'Top earners, backers and point holders.'],
  ['Reports', 'Reporting content and people.'],
  ['Moderation', 'The moderation queue, actions and audit log.'],
  ['Push', 'Web Push subscriptions of this device.'],
  ['Reference', 'This document.'],
  ['Development', 'Development conveniences: these exist only with NODE_ENV=development.'],
].map(([name, description]) => ({ name: name!, description: description! }));

/** The words of each status the app answers, for the reference's response descriptions. */
const STATUS_WORDS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted: an email is on its way',
  204: 'Done; no content',
  400: 'Invalid request (the message says what to change)',
  // A route without config.auth answers 401 for wrong credentials or an account gone meanwhile.
  401: 'Wrong credentials, or the session has ended',
  402: 'The card was declined',
  403: 'Not allowed',
  404: 'Not found',
  406: 'Not acceptable',
  409: 'Conflicts with the current state',
  410: 'Gone: removed by a moderator',
  413: 'Too large',
  414: 'The address is too long',
  422: 'Refused (the message says why)',
  429: 'Too many requests: Retry-After says when to try again',
  502: 'The payment provider failed; try again',
  503: 'Unavailable for now; try again',
};
const NOT_SIGNED_IN = 'Not signed in (no valid session cookie)';

/**
 * Components the document refers to by name instead of repeating them, in zod's global
 * registry: the one the transform reads `.describe()` and `.meta()` of every schema from.
 */
const components = z.globalRegistry;
components.add(apiErrorSchema, {
  id: 'ApiError',
  description: 'Every error answer: a message in words meant to be shown to people.',
});
// Recursive (replies are comments): JSON Schema can only say so through a named component.
components.add(commentViewSchema, { id: 'Comment' });

declare module 'fastify' {
  interface FastifySchema {
    /**
     * The request body as the reference shows it, for a route whose body Fastify does not
     * parse and validate as JSON (a multipart upload, a streamed body): with `consumes`.
     */
    documentedBody?: z.ZodType;
  }
}

type JsonSchema = Record<string, unknown>;
type Schema = JsonSchema & {
  response?: Record<string, JsonSchema>;
  documentedBody?: z.ZodType;
  hide?: boolean;
};

const zodTransform = createJsonSchemaTransform({ schemaRegistry: components });
const ERROR_REF = { $ref: '#/components/schemas/ApiError' };
const INPUT_PARTS = ['params', 'querystring', 'body', 'headers'] as const;

/**
 * The document's view of one route: its zod schemas as JSON Schema, plus what the plugins
 * guarantee. Only routes under /api are the API; /media, /unsubscribe and the web app's pages
 * are left out (decision 0049).
 */
export function toOperation(
  input: Parameters<typeof zodTransform>[0],
): ReturnType<typeof zodTransform> {
  const { url } = input;
  if (!url.startsWith('/api/')) return { schema: { hide: true }, url };
  const route = input.route as RouteOptions;
  const { documentedBody, ...declared } = (input.schema ?? {}) as Schema;
  const withBody = documentedBody ? { ...declared, body: documentedBody } : declared;
  const schema = zodTransform({ ...input, schema: withBody }).schema as Schema;
  if (schema.hide) return { schema, url };
  dropSafeIntegerBounds(schema);
  const auth = route.config?.auth;
  const response = { ...(schema.response ?? {}) };
  const addError = (status: number) => {
    response[status] ??= ERROR_REF;
  };
  if (INPUT_PARTS.some((part) => withBody[part])) addError(400);
  // Over the route's bodyLimit (1 MB unless it says more), before the handler runs.
  if (withBody.body) addError(413);
  // A path parameter longer than the router takes (error-handler.ts frameworkErrors).
  if (withBody.params) addError(414);
  if (auth) addError(401);
  if (auth === 'moderator') addError(403);
  for (const [status, body] of Object.entries(response)) {
    const words = status === '401' && auth ? NOT_SIGNED_IN : undefined;
    response[status] = describeResponse(status, body, words);
  }
  return {
    schema: {
      ...schema,
      response,
      ...(auth ? { security: [{ [SESSION_SCHEME]: [] }] } : {}),
    },
    url,
  };
}

/**
 * zod writes `.int()` as integer between -(2^53-1) and 2^53-1: true, but noise to a reader, and
 * Swagger UI shows the minimum as every example id and count. Removed in place (the transform's
 * output is a fresh copy); ranges the contracts set (ids: 1..2^31-1) stay.
 */
function dropSafeIntegerBounds(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) dropSafeIntegerBounds(item);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const schema = value as JsonSchema;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  for (const child of Object.values(schema)) dropSafeIntegerBounds(child);
}

/**
 * A response's description (its status in words) and, for 429, its Retry-After header.
 * @fastify/swagger reads `x-response-description` of an inline schema and `description`
 * beside a `$ref` (the referenced schema keeps its own).
 */
function describeResponse(status: string, body: JsonSchema, fitting?: string): JsonSchema {
  const words = body.description ?? fitting ?? STATUS_WORDS[status] ?? `Status ${status}`;
  const described = { ...body, ['$ref' in body ? 'description' : 'x-response-description']: words };
  if (status !== '429') return described;
  return {
    ...described,
    headers: {
      'retry-after': { type: 'string', description: 'Seconds to wait before trying again' },
    },
  };
}

const zodComponents = createJsonSchemaTransformObject({ schemaRegistry: components });

/**
 * The named components, less those no operation refers to: the zod transform makes an input
 * and an output variant of each (ApiErrorInput), and the reference lists every one it gets.
 */
function withUsedComponents(
  input: Parameters<typeof zodComponents>[0],
): ReturnType<typeof zodComponents> {
  const document = zodComponents(input) as {
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = document.components?.schemas ?? {};
  dropSafeIntegerBounds(schemas);
  const { components: _, ...rest } = document;
  const used = JSON.stringify(rest);
  for (const name of Object.keys(schemas)) {
    const refersTo = `"#/components/schemas/${name}"`;
    const fromOthers = Object.entries(schemas).some(
      ([other, schema]) => other !== name && JSON.stringify(schema).includes(refersTo),
    );
    if (!used.includes(refersTo) && !fromOthers) delete schemas[name];
  }
  return document as ReturnType<typeof zodComponents>;
}

/** The document's version is the app's (package.json, read at start: the bundle has no copy). */
function appVersion(): string {
  return (JSON.parse(readFileSync(fromRoot('package.json'), 'utf8')) as { version: string })
    .version;
}

/** Must be registered before any route: routes are collected as they are added. */
export async function registerOpenApi(app: FastifyInstance) {
  const version = appVersion();
  const options: FastifyDynamicSwaggerOptions = {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Darefund API',
        version,
        description:
          'The JSON API of Darefund. Money is in integer cents. Errors answer `{ message }` ' +
          'with a fitting status. Routes that need a login read the session cookie that ' +
          '`POST /api/login` sets; a browser sends it by itself.',
      },
      tags: TAGS,
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie set by POST /api/login and POST /api/register.',
          },
        },
      },
    },
    transform: toOperation,
    transformObject: withUsedComponents,
  };
  await app.register(swagger, options);

  app.get(
    OPENAPI_JSON_URL,
    {
      schema: {
        summary: 'The OpenAPI 3.1 document of this API.',
        tags: ['Reference'],
        response: {
          200: z
            .looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.looseObject({}) })
            .describe('This document'),
        },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'no-cache').send(app.swagger() as object),
  );

  await app.register(swaggerUi, {
    routePrefix: API_DOCS_URL,
    // The bundled page loads its scripts and styles from /api/docs/static: the app's own
    // Content-Security-Policy (script-src 'self') already allows them.
    // BaseLayout: no top bar, whose box loads other documents by URL (only ours is served).
    uiConfig: { deepLinking: true, layout: 'BaseLayout' },
    // No validator badge: it would load an image from validator.swagger.io.
    validatorUrl: false,
    theme: { title: 'Darefund API reference' },
  });
}

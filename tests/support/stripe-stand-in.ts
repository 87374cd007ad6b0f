import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  cancel,
  capture,
  confirm,
  createPaymentIntent,
  paymentIntent,
  rendered,
} from './stripe-stand-in-intents';
import { createSetupIntent } from './stripe-stand-in-setup';
import { type Params, StandInError, StandInState } from './stripe-stand-in-state';

/**
 * A local stand-in for Stripe's HTTP API (no network in tests): form-encoded requests with
 * bracket notation, JSON answers in Stripe's shapes, `Idempotency-Key` replay and Stripe's
 * error bodies (402 for card errors), for the endpoints the adapter uses. Every request is
 * recorded so tests can check what the SDK sent. Point the app at it with STRIPE_API_URL.
 */

export type RecordedRequest = {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | undefined;
};

type Handler = (state: StandInState, params: Params, id: string) => object;

const ROUTES: [string, RegExp, Handler][] = [
  ['POST', /^\/v1\/customers$/, (s, p) => s.createCustomer(p)],
  ['POST', /^\/v1\/payment_intents$/, (s, p) => rendered(s, createPaymentIntent(s, p), p)],
  ['GET', /^\/v1\/payment_intents\/([^/]+)$/, (s, p, id) => rendered(s, paymentIntent(s, id), p)],
  [
    'POST',
    /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
    (s, p, id) => rendered(s, confirm(s, id, p), p),
  ],
  [
    'POST',
    /^\/v1\/payment_intents\/([^/]+)\/capture$/,
    (s, p, id) => rendered(s, capture(s, id, p), p),
  ],
  [
    'POST',
    /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
    (s, p, id) => rendered(s, cancel(s, id, p), p),
  ],
  ['POST', /^\/v1\/setup_intents$/, (s, p) => createSetupIntent(s, p)],
  ['GET', /^\/v1\/payment_methods\/([^/]+)$/, (s, _p, id) => s.paymentMethod(id)],
  ['POST', /^\/v1\/payment_methods\/([^/]+)\/attach$/, (s, p, id) => s.attach(id, p)],
  ['POST', /^\/v1\/payment_methods\/([^/]+)\/detach$/, (s, _p, id) => s.detach(id)],
  ['POST', /^\/v1\/accounts$/, (s, p) => s.createAccount(p)],
  ['GET', /^\/v1\/accounts\/([^/]+)$/, (s, _p, id) => s.account(id)],
  ['POST', /^\/v1\/account_links$/, (s, p) => s.createAccountLink(p)],
  ['POST', /^\/v1\/transfers$/, (s, p) => s.createTransfer(p)],
];

/** `metadata[dareId]=3&expand[0]=latest_charge` -> `{ metadata: { dareId: '3' }, expand: [...] }` */
export function parseStripeForm(body: string): Params {
  const result: Params = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const [head, ...rest] = key.split('[');
    const path = [head!, ...rest.map((part) => part.replace(/\]$/, ''))];
    let node = result;
    for (const [index, segment] of path.entries()) {
      const slot = segment === '' && Array.isArray(node) ? String(node.length) : segment;
      if (index === path.length - 1) {
        node[slot] = value;
        break;
      }
      node[slot] ??= /^\d*$/.test(path[index + 1]!) ? [] : {};
      node = node[slot] as Params;
    }
  }
  return result;
}

/** Stripe's error body for refusals that carry no code (API key, idempotency, unknown URL). */
function errorBody(type: string, message: string) {
  return JSON.stringify({ error: { type, message } });
}

function route(state: StandInState, method: string, path: string, params: Params) {
  for (const [routeMethod, pattern, handler] of ROUTES) {
    const match = method === routeMethod ? pattern.exec(path) : null;
    if (!match) continue;
    try {
      return { status: 200, body: JSON.stringify(handler(state, params, match[1] ?? '')) };
    } catch (error) {
      if (!(error instanceof StandInError)) throw error;
      return { status: error.status, body: JSON.stringify({ error: error.body }) };
    }
  }
  const message = `Unrecognized request URL (${method}: ${path}).`;
  return { status: 404, body: errorBody('invalid_request_error', message) };
}

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/** Stripe's error body fields plus the HTTP status it comes with. */
export type StandInFailure = {
  status: number;
  type: string;
  message: string;
  code?: string;
  decline_code?: string;
};

function matches(name: string, method: string, path: string) {
  const [nameMethod, namePath = ''] = name.split(' ');
  const pattern = new RegExp(`^${namePath.replaceAll('*', '[^/]+')}$`);
  return nameMethod === method && pattern.test(path);
}

export async function startStripeStandIn() {
  const state = new StandInState();
  const requests: RecordedRequest[] = [];
  /** Idempotency-Key -> the request it was first used with and the answer, replayed. */
  const replies = new Map<string, { request: string; status: number; body: string }>();
  /** `POST /v1/payment_intents` -> the failure every such request gets until `recover()`. */
  const failures = new Map<string, StandInFailure>();

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const method = request.method ?? 'GET';
    const raw = method === 'GET' ? url.search.slice(1) : await readBody(request);
    const params = parseStripeForm(raw);
    const key = method === 'POST' ? request.headers['idempotency-key']?.toString() : undefined;
    requests.push({ method, path: url.pathname, params, idempotencyKey: key });
    response.setHeader('content-type', 'application/json');
    response.setHeader('request-id', `req_${randomBytes(6).toString('hex')}`);
    if (!request.headers.authorization?.startsWith('Bearer sk_')) {
      response.writeHead(401).end(errorBody('invalid_request_error', 'Invalid API Key provided'));
      return;
    }
    const failure = [...failures].find(([name]) => matches(name, method, url.pathname))?.[1];
    if (failure) {
      const { status, ...error } = failure;
      response.writeHead(status).end(JSON.stringify({ error }));
      return;
    }
    const signature = `${method} ${url.pathname} ${raw}`;
    const stored = key ? replies.get(key) : undefined;
    if (stored && stored.request !== signature) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
      response.writeHead(400).end(errorBody('idempotency_error', message));
      return;
    }
    if (stored) response.setHeader('idempotent-replayed', 'true');
    const reply = stored ?? route(state, method, url.pathname, params);
    if (key && !stored) replies.set(key, { request: signature, ...reply });
    response.writeHead(reply.status).end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    /** What points the app at the stand-in, in Stripe mode. */
    env: { STRIPE_SECRET_KEY: 'sk_test_stand_in', STRIPE_API_URL: url },
    state,
    requests,
    /**
     * Makes every request to a route fail as Stripe would (an outage, a bad key, a refusal)
     * until `recover()`; a `*` in the name matches one path segment.
     */
    fail(name: string, failure: StandInFailure) {
      failures.set(name, failure);
    },
    recover: () => failures.clear(),
    /** The last request to a route, e.g. `last('POST /v1/payment_intents')`. */
    last(name: string) {
      const found = requests.findLast((r) => `${r.method} ${r.path}` === name);
      if (!found) throw new Error(`the stand-in received no ${name}`);
      return found;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

import type { LogFn, LoggerOptions } from 'pino';

/**
 * Keeps secrets out of every log line (decision 0011). Query parameters are never logged:
 * a failed insert into `users` carries the email and the argon2 hash. Errors are logged
 * through an allow-list of fields, and every line is walked so fields named like a secret
 * are replaced and strings that look like one (emails, argon2 hashes, card numbers,
 * Postgres "Key (...)=(value)" details) are masked wherever they sit.
 */
export const REDACTED = '[Redacted]';

const SECRET_KEY =
  /^(password|passwordhash|confirmpassword|hash|token|sessiontoken|clientsecret|client_secret|secret|cookie|cookies|set-cookie|authorization|card|number|cvc|email|params|parameters|detail)$/i;

const SECRET_TEXT: [RegExp, string][] = [
  // $argon2id$v=19$m=19456,t=2,p=1$salt$hash: every $-separated part, commas included.
  [/\$argon2[a-z]*(?:\$[^\s"$]*)+/gi, REDACTED],
  [/[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi, REDACTED],
  // 13-19 digits, optionally grouped by spaces or dashes: a card number.
  [/\b\d(?:[ -]?\d){12,18}\b/g, REDACTED],
  [/=\([^)]*\)/g, `=(${REDACTED})`],
];

const MAX_DEPTH = 8;

/** A string with anything that looks like a secret masked. */
export function scrubText(text: string): string {
  return SECRET_TEXT.reduce((out, [pattern, mask]) => out.replace(pattern, mask), text);
}

/** A copy of a log value with secret fields replaced, at any depth up to MAX_DEPTH. */
export function scrubValue(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value instanceof Error) return serializeError(value, depth);
  if (!value || typeof value !== 'object' || value instanceof Date) return value;
  if (seen.has(value) || depth >= MAX_DEPTH) return '[Object]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) ? REDACTED : scrubValue(item, depth + 1, seen);
  }
  return out;
}

/** Fields of an error that help and carry no values (pg, drizzle, Stripe, Fastify). */
const ERROR_FIELDS = [
  'code',
  'statusCode',
  'constraint',
  'table',
  'column',
  'severity',
  'routine',
  'type',
  'decline_code',
  'declineCode',
  'requestId',
] as const;

/**
 * An error as a log object: its type, message and stack without drizzle's "params:" part
 * (or the query text, which can embed values), allow-listed fields, and its cause chain.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return scrubValue(error, depth);
  const record = error as unknown as Record<string, unknown>;
  const message = safeMessage(error.message);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  for (const field of ERROR_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = scrubValue(value);
  }
  if (error.cause && depth < 4) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

function safeMessage(message: string): string {
  // Drizzle: "Failed query: <sql>\nparams: <values>"; keep only that a query failed.
  const failedQuery = message.startsWith('Failed query:');
  return failedQuery ? 'Failed query (text and parameters not logged)' : scrubText(message);
}

/**
 * The last line of a process that stops on an error (main.ts): a JSON log line like pino's,
 * through serializeError, since a raw error prints drizzle's query parameters (a failed
 * insert into users carries the email and the password hash).
 */
export function fatalLine(error: unknown, msg = 'Darefund stopped'): string {
  return JSON.stringify({ level: 60, time: Date.now(), msg, err: serializeError(error) });
}

/** Written by the serializers below (and Fastify's for `res`), which copy only safe fields. */
const SERIALIZED_BY_FASTIFY = new Set(['req', 'res']);

type LoggedRequest = {
  method: string;
  ip?: string;
  routeOptions?: { url?: string };
};

/**
 * A request as its log lines name it: the route's pattern (`/api/invitations/:token`),
 * never the URL. Paths carry tokens (invitations, the web app's /invite/{token}), and query
 * strings carry unsubscribe tokens and what people typed into search (DESIGN.md section 7).
 * A request no route matched (404s, pages of the web app) is named by that alone.
 */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    route: request.routeOptions?.url ?? '(no route)',
    remoteAddress: request.ip,
  };
}

/** The logger options that apply all of the above; spread into Fastify's `logger`. */
export const redactingLoggerOptions: Pick<
  LoggerOptions,
  'redact' | 'serializers' | 'formatters' | 'hooks'
> = {
  redact: { paths: ['req.headers.cookie', 'req.headers.authorization'], censor: REDACTED },
  serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  formatters: {
    log(line: Record<string, unknown>) {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(line)) {
        if (SERIALIZED_BY_FASTIFY.has(key)) out[key] = value;
        else out[key] = SECRET_KEY.test(key) ? REDACTED : scrubValue(value);
      }
      return out;
    },
  },
  hooks: {
    logMethod(args, method) {
      const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg));
      method.apply(this, scrubbed as Parameters<LogFn>);
    },
  },
};

import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { readOrCreateOnce } from './lib/persisted-file';
import { type TrustProxy, trustProxySchema } from './trust-proxy';
import {
  isVapidSubject,
  persistedVapidKeys,
  type VapidKeys,
  vapidKeysProblem,
  vapidSubject,
} from './vapid-config';

/**
 * The only module that reads process.env (DESIGN.md section 2). A bad value stops startup
 * with a message naming the variable.
 */
const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));

/** Long enough not to be guessed; visible ASCII, as it travels in an Authorization header. */
const metricsTokenSchema = z
  .string()
  .min(32, 'must be at least 32 characters')
  .regex(/^[\x21-\x7e]+$/, 'must be visible ASCII characters without spaces');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.union([z.literal('').transform(() => undefined), z.url()]).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SEED_DEMO: booleanString.default(true),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  // Another address for Stripe's API: tests point the SDK at a local stand-in.
  STRIPE_API_URL: z
    .union([z.literal('').transform(() => undefined), z.url({ protocol: /^https?$/ })])
    .optional(),
  // The simulated gateway waits this long on each call, as a real one would (Stripe answers
  // in tens of ms): benches set it so batching and bounded concurrency show. Capped at 10 s.
  SIMULATED_GATEWAY_LATENCY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
  PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(10_000).default(0),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Darefund <no-reply@darefund.local>'),
  // How often the job runner looks for due jobs and waiting email; browser tests shorten it.
  JOBS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  TRUST_PROXY: trustProxySchema,
  // How a pitch's length is measured: ffprobe when on PATH, else the file's header (auto), or
  // only the header (headers).
  VIDEO_PROBE: z.enum(['auto', 'headers']).default('auto'),
  // GET /metrics (decision 0051): to a caller with this bearer token, and/or without one on a
  // second listener of 127.0.0.1 only. Neither set: /metrics is a 404 like any unknown path.
  METRICS_TOKEN: optionalString.pipe(metricsTokenSchema.optional()),
  METRICS_PORT: z
    .union([z.literal('').transform(() => undefined), z.coerce.number().int().min(1).max(65535)])
    .optional(),
  // Web Push (decision 0053): both keys or neither (then generated once into DATA_DIR).
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  VAPID_SUBJECT: optionalString.refine(
    (value) => value === undefined || isVapidSubject(value),
    'must be a mailto: address or an https URL',
  ),
  // UNSAFE outside tests: lets push endpoints be plain http and on private addresses (a
  // local stand-in of a push service). Refused unless NODE_ENV=test.
  PUSH_ALLOW_INSECURE_ENDPOINTS: booleanString.default(false),
});

export type Env = z.input<typeof envSchema>;

export type StripeApiAddress = { protocol: 'http' | 'https'; host: string; port: number };

export type Config = {
  env: 'development' | 'production' | 'test';
  isDev: boolean;
  port: number;
  host: string;
  publicUrl: string;
  /** False when PUBLIC_URL is unset and publicUrl is its default (publicUrlWarning). */
  publicUrlSet: boolean;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  seedDemo: boolean;
  stripe: {
    secretKey?: string;
    publishableKey?: string;
    webhookSecret?: string;
    /** Where the SDK sends requests instead of api.stripe.com (STRIPE_API_URL). */
    api?: StripeApiAddress;
  };
  /** What each simulated gateway call waits (SIMULATED_GATEWAY_LATENCY_MS). */
  simulatedGatewayLatencyMs: number;
  platformFeeBps: number;
  mail: { smtpUrl?: string; from: string };
  jobsPollMs: number;
  s3: {
    bucket?: string;
    endpoint?: string;
    region?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
  };
  logLevel: string;
  /** Whose X-Forwarded-For is believed (trust-proxy.ts); false: the socket's address. */
  trustProxy: TrustProxy;
  /** How an upload's video length is measured (adapters/media/video-duration.ts). */
  videoProbe: 'auto' | 'headers';
  /** Who may read GET /metrics (metrics/metrics-routes.ts); neither set: nobody. */
  metrics: { token?: string; port?: number };
  push: {
    vapid: VapidKeys & { subject: string };
    /** Tests only: http and private-address endpoints (a local push service stand-in). */
    allowInsecureEndpoints: boolean;
  };
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parses an environment (process.env by default) into the app's configuration. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'environment'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = parsed.data;
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    throw new ConfigError('Invalid configuration:\n  METRICS_PORT: must differ from PORT');
  }
  const dataDir = resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    isDev: env.NODE_ENV === 'development',
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    publicUrlSet: env.PUBLIC_URL !== undefined,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    sessionSecret: env.SESSION_SECRET ?? persistedSecret(dataDir),
    seedDemo: env.SEED_DEMO,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      api: env.STRIPE_API_URL ? stripeApiAddress(env.STRIPE_API_URL) : undefined,
    },
    simulatedGatewayLatencyMs: env.SIMULATED_GATEWAY_LATENCY_MS,
    platformFeeBps: env.PLATFORM_FEE_BPS,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    jobsPollMs: env.JOBS_POLL_MS,
    s3: {
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    },
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    trustProxy: env.TRUST_PROXY,
    videoProbe: env.VIDEO_PROBE,
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT },
    push: {
      vapid: {
        ...vapidKeys(env, dataDir),
        subject: vapidSubject({ subject: env.VAPID_SUBJECT, publicUrl, mailFrom: env.MAIL_FROM }),
      },
      allowInsecureEndpoints: insecurePushEndpoints(env),
    },
  };
}

/** VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY (checked to be a pair), else the pair in DATA_DIR. */
function vapidKeys(env: z.output<typeof envSchema>, dataDir: string): VapidKeys {
  const publicKey = env.VAPID_PUBLIC_KEY;
  const privateKey = env.VAPID_PRIVATE_KEY;
  if (publicKey === undefined && privateKey === undefined) {
    try {
      return persistedVapidKeys(dataDir);
    } catch (error) {
      throw new ConfigError(
        `Invalid configuration:\n  VAPID keys in DATA_DIR: ${(error as Error).message}`,
      );
    }
  }
  if (publicKey === undefined || privateKey === undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither: generated into DATA_DIR)',
    );
  }
  const problem = vapidKeysProblem({ publicKey, privateKey });
  if (problem) throw new ConfigError(`Invalid configuration:\n  ${problem}`);
  return { publicKey, privateKey };
}

/** The insecure push switch exists for tests only: anywhere else it would open an SSRF hole. */
function insecurePushEndpoints(env: z.output<typeof envSchema>): boolean {
  if (env.PUSH_ALLOW_INSECURE_ENDPOINTS && env.NODE_ENV !== 'test') {
    throw new ConfigError(
      'Invalid configuration:\n  PUSH_ALLOW_INSECURE_ENDPOINTS: only allowed with NODE_ENV=test (it lets the server send to private addresses)',
    );
  }
  return env.PUSH_ALLOW_INSECURE_ENDPOINTS;
}

/**
 * What the server says once at start when PUBLIC_URL is unset (issue 19): emails and
 * invitation links are built on it and must reach whoever opens them, so the default
 * (localhost) is only right on the machine itself. The app's own redirects are relative and
 * work at any address either way.
 */
export function publicUrlWarning(config: Pick<Config, 'publicUrl' | 'publicUrlSet'>) {
  if (config.publicUrlSet) return null;
  return `PUBLIC_URL is not set: links in emails and invitations use ${config.publicUrl}. Set PUBLIC_URL to the address people open Darefund at.`;
}

/**
 * Without a mailer nobody outside receives the verification and reset links (DESIGN.md
 * section 9): fine for development, where /dev/mail shows them, worth one line elsewhere.
 */
export function mailerWarning(config: Pick<Config, 'mail' | 'isDev'>) {
  if (config.mail.smtpUrl || config.isDev) return null;
  return 'SMTP_URL is not set: emails (verification and password reset links) stay in the mail_outbox table. Set SMTP_URL to send them.';
}

/** The SDK takes host, port and protocol apart; a URL without a port uses the scheme's. */
function stripeApiAddress(url: string): StripeApiAddress {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  const port = parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443;
  // An IPv6 host comes bracketed in a URL; node's http wants it bare.
  return { protocol, host: parsed.hostname.replace(/^\[|\]$/g, ''), port };
}

/**
 * Without SESSION_SECRET a random one is generated once and kept in DATA_DIR (concurrent
 * starts agree on one: readOrCreateOnce).
 */
function persistedSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  return readOrCreateOnce(file, () => randomBytes(32).toString('hex')).trim();
}

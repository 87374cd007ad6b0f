import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { createMailer } from './adapters/mail/create-mailer';
import type { Mailer } from './adapters/mail/mailer';
import { createMediaStorage } from './adapters/media/create-storage';
import type { MediaStorage } from './adapters/media/storage';
import { createCaches, dropFeedPagesAfterWrites, listenForCacheInvalidation } from './caches';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { createJobHeartbeat } from './jobs/heartbeat';
import { redactingLoggerOptions } from './lib/log-redaction';
import { createAppMetrics } from './metrics/app-metrics';
import { registerHttpMetrics } from './metrics/http-metrics';
import { metricsRoutes } from './metrics/metrics-routes';
import { accountRoutes } from './modules/account/routes';
import { accountDeletionRoutes } from './modules/account-deletion/routes';
import { accountExportRoutes } from './modules/account-export/routes';
import { accountSecurityRoutes } from './modules/account-security/routes';
import { achievementRoutes } from './modules/achievements/routes';
import { authRoutes } from './modules/auth/routes';
import { billingRoutes } from './modules/billing/routes';
import { blockRoutes } from './modules/blocks/routes';
import { conversationsRoutes } from './modules/conversations/routes';
import { dareRequestsRoutes } from './modules/dare-requests/routes';
import { daresRoutes } from './modules/dares/routes';
import { devMailPageRoutes } from './modules/dev/mail-routes';
import { devRoutes } from './modules/dev/routes';
import { emailApiRoutes, unsubscribeRoutes } from './modules/email/routes';
import { followRoutes } from './modules/follows/routes';
import { fundingRoutes } from './modules/funding/routes';
import { invitationRoutes } from './modules/invitations/routes';
import { leaderboardRoutes } from './modules/leaderboards/routes';
import { startLiveHub } from './modules/live/register';
import { liveRoutes } from './modules/live/routes';
import { mediaRoutes } from './modules/media/routes';
import { uploadRoutes } from './modules/media/upload-routes';
import { moderationRoutes } from './modules/moderation/routes';
import { moderationActionRoutes } from './modules/moderation-actions/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { createReadiness } from './modules/operations/readiness';
import { operationsRoutes } from './modules/operations/routes';
import { simulatedPaymentRoutes } from './modules/payments/simulated-routes';
import { stripeWebhookRoutes } from './modules/payments/webhook-routes';
import { pledgesRoutes } from './modules/pledges/routes';
import { preferencesRoutes } from './modules/preferences/routes';
import { pushRoutes } from './modules/push/routes';
import { reportRoutes } from './modules/reports/routes';
import { searchRoutes } from './modules/search/routes';
import { socialRoutes } from './modules/social/routes';
import { submissionsRoutes } from './modules/submissions/routes';
import { usersRoutes } from './modules/users/routes';
import { registerAuthentication } from './plugins/authentication';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerGracefulClose } from './plugins/graceful-close';
import { registerOpenApi } from './plugins/openapi';
import { registerRouteCatalog } from './plugins/route-catalog';
import { registerSecurity } from './plugins/security';
import { registerSpa } from './plugins/spa';
import { fastifyTrustProxy } from './trust-proxy';

/** JSON bodies are small; routes that take files or data URLs raise their own limit. */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

export type BuildOptions = {
  config: Config;
  database: Database;
  storage?: MediaStorage;
  /** Instead of the configured one (createMailer: SMTP when SMTP_URL is set). */
  mailer?: Mailer | null;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: DestinationStream;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/**
 * Every schema is zod (the compilers set below): without a factory of its own Fastify would
 * load ajv and fast-json-stringify, a third of a start's app step, only to have them replaced.
 * Fastify's types expect ajv's compile function here; the zod compilers are what runs.
 */
const zodCompilersFactory = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/** The whole HTTP app, used by main.ts and by tests (through app.inject). */
export async function buildApp({
  config,
  database,
  storage,
  mailer,
  logStream,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      // No secret in any line: no query parameters, secret fields and values masked.
      ...redactingLoggerOptions,
      ...(logStream ? { stream: logStream } : {}),
      // Readable logs while developing; JSON lines everywhere else.
      ...(config.isDev && !logStream
        ? { transport: { target: 'pino-pretty', options: { singleLine: true } } }
        : {}),
    },
    bodyLimit: DEFAULT_BODY_LIMIT,
    // Off unless TRUST_PROXY names the proxies: anyone could set X-Forwarded-For otherwise.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrors(config),
    schemaController: { compilersFactory: zodCompilersFactory },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    db: database.db,
    storage: storage ?? (await createMediaStorage(config)),
    mailer: mailer === undefined ? await createMailer(config) : mailer,
    log: app.log,
    caches: createCaches(),
    jobHeartbeat: createJobHeartbeat(),
    // Per app, never prom-client's global registry; process metrics only when someone can read them.
    metrics: createAppMetrics({
      database,
      processMetrics: Boolean(config.metrics.token || config.metrics.port),
    }),
  };
  app.decorate('ctx', ctx);
  const stopCacheInvalidation = await listenForCacheInvalidation(database, ctx.caches);
  dropFeedPagesAfterWrites(app, ctx.caches);
  app.addHook('onClose', async () => {
    await stopCacheInvalidation().catch((error) => ctx.log.warn({ err: error }, 'unlisten failed'));
  });
  app.addHook('onClose', async () => {
    await ctx.mailer?.close();
  });

  registerRouteCatalog(app);
  registerHttpMetrics(app, ctx.metrics);
  registerErrorHandler(app);
  registerGracefulClose(app);
  await registerSecurity(app, config);
  await app.register(cookie);
  registerAuthentication(app, ctx);
  // Before any route (it collects them as they are added), after the hooks its pages need.
  await registerOpenApi(app);
  const liveHub = await startLiveHub(app, ctx, database);
  const readiness = createReadiness({
    database,
    storage: ctx.storage,
    jobHeartbeat: ctx.jobHeartbeat,
    jobsPollMs: config.jobsPollMs,
    log: app.log,
  });
  await app.register(operationsRoutes(readiness));

  await app.register(
    async (api) => {
      await api.register(authRoutes(ctx));
      await api.register(accountSecurityRoutes(ctx));
      await api.register(accountRoutes(ctx));
      await api.register(reportRoutes(ctx));
      await api.register(moderationRoutes(ctx));
      await api.register(moderationActionRoutes(ctx));
      await api.register(accountExportRoutes(ctx));
      await api.register(accountDeletionRoutes(ctx));
      await api.register(usersRoutes(ctx));
      await api.register(followRoutes(ctx));
      await api.register(blockRoutes(ctx));
      await api.register(preferencesRoutes(ctx));
      await api.register(daresRoutes(ctx));
      await api.register(socialRoutes(ctx));
      await api.register(uploadRoutes(ctx));
      await api.register(simulatedPaymentRoutes(ctx));
      await api.register(pledgesRoutes(ctx));
      await api.register(billingRoutes(ctx));
      await api.register(fundingRoutes(ctx));
      await api.register(submissionsRoutes(ctx));
      await api.register(stripeWebhookRoutes(ctx));
      await api.register(notificationRoutes(ctx));
      await api.register(conversationsRoutes(ctx));
      await api.register(liveRoutes(ctx, liveHub));
      await api.register(dareRequestsRoutes(ctx));
      await api.register(invitationRoutes(ctx));
      await api.register(searchRoutes(ctx));
      await api.register(emailApiRoutes(ctx));
      await api.register(achievementRoutes(ctx));
      await api.register(leaderboardRoutes(ctx));
      await api.register(pushRoutes(ctx));
      if (config.isDev) await api.register(devRoutes(ctx), { prefix: '/dev' });
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes(ctx), { prefix: '/media' });
  if (config.isDev) await app.register(devMailPageRoutes(ctx), { prefix: '/dev' });
  await app.register(unsubscribeRoutes(ctx));
  await app.register(metricsRoutes(ctx));
  // The built web files are read at ready() or listen(), not here: a first `npm start` may
  // still be building them (web-build-gate.ts), and main.ts seeds the demo meanwhile.
  const spa = (instance: FastifyInstance) => registerSpa(instance, ctx);
  // Fastify's own flag (what fastify-plugin sets): the routes and not-found handler are the
  // app's, not those of an encapsulated child.
  Object.assign(spa, { [Symbol.for('skip-override')]: true });
  void app.register(spa);
  return app;
}

import { join } from 'node:path';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LocalMediaStorage } from './adapters/media/local-storage';
import type { MediaStorage } from './adapters/media/storage';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { authRoutes } from './modules/auth/routes';
import { devRoutes } from './modules/dev/routes';
import { mediaRoutes } from './modules/media/routes';
import { usersRoutes } from './modules/users/routes';
import { registerAuthentication } from './plugins/authentication';
import { registerErrorHandler } from './plugins/error-handler';
import { registerSecurity } from './plugins/security';
import { registerSpa } from './plugins/spa';

/** JSON bodies are small; routes that take files or data URLs raise their own limit. */
const DEFAULT_BODY_LIMIT = 1024 * 1024;

export type BuildOptions = {
  config: Config;
  database: Database;
  storage?: MediaStorage;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/**
 * During shutdown, answers carry `Connection: close` so keep-alive clients let go as soon
 * as their in-flight request is answered, and close() does not wait for idle sockets.
 */
function closeConnectionsWhenShuttingDown(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
}

/** The whole HTTP app, used by main.ts and by tests (through app.inject). */
export async function buildApp({
  config,
  database,
  storage,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      // Readable logs while developing; JSON lines everywhere else.
      ...(config.isDev
        ? { transport: { target: 'pino-pretty', options: { singleLine: true } } }
        : {}),
    },
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: config.env === 'production' ? 'loopback, linklocal, uniquelocal' : false,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    db: database.db,
    storage: storage ?? new LocalMediaStorage(join(config.dataDir, 'media')),
    log: app.log,
  };
  app.decorate('ctx', ctx);

  registerErrorHandler(app);
  closeConnectionsWhenShuttingDown(app);
  await registerSecurity(app, config);
  await app.register(cookie);
  registerAuthentication(app, ctx);

  await app.register(
    async (api) => {
      await api.register(authRoutes(ctx));
      await api.register(usersRoutes(ctx));
      if (config.isDev) await api.register(devRoutes(ctx), { prefix: '/dev' });
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes(ctx), { prefix: '/media' });
  await registerSpa(app);
  return app;
}

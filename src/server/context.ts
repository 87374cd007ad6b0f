import type { FastifyBaseLogger } from 'fastify';
import type { MediaStorage } from './adapters/media/storage';
import type { Config } from './config';
import type { Db } from './db/client';

/** What every service receives: the app's configured parts, nothing request-specific. */
export type AppContext = {
  config: Config;
  db: Db;
  storage: MediaStorage;
  log: FastifyBaseLogger;
};

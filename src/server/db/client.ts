import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either driver behind one type: services never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, accepted wherever a Db is (drizzle transactions are databases too). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The connection pool's state right now (Postgres; PGlite has no pool). */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The server address when kind is postgres. */
  url?: string;
  close: () => Promise<void>;
  /** Postgres only: read at scrape time by the pool gauges (metrics/app-metrics.ts). */
  poolStats?: () => PoolStats;
  /**
   * One `select 1` (readiness, /readyz). Postgres: a pooled connection whose answer does not
   * come within `timeoutMs` is dropped rather than handed back to the pool; the caller bounds
   * the wait for a connection itself.
   */
  ping: (timeoutMs: number) => Promise<void>;
  /**
   * LISTEN on `channel`: `onPayload` gets every NOTIFY payload, `onReconnect` runs after a
   * lost listening connection is back (notifications in between are gone: catch up).
   * Postgres: a dedicated connection outside the pool. PGlite: in process.
   */
  listen: (
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ) => Promise<() => Promise<void>>;
};

export type DatabaseOptions = {
  databaseUrl?: string;
  /** PGlite data folder; `memory://` (or undefined) keeps it in memory. */
  dataDir?: string;
  poolSize?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Loaded only when used: the pg driver is not needed with PGlite.
    const { openPostgres } = await import('./postgres');
    return openPostgres(options.databaseUrl, options.poolSize);
  }
  const location = pgliteLocation(options.dataDir);
  const client = await PGlite.create(location, {
    parsers: { 20: (value: string) => Number.parseInt(value, 10) },
    // Search's trigram indexes (drizzle/0007_search_indexes.sql); on a Postgres server the
    // extension ships with the server package.
    extensions: { pg_trgm },
  });
  return {
    db: drizzlePglite(client, { schema, casing: 'snake_case' }) as unknown as Db,
    kind: 'pglite',
    close: () => client.close(),
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onPayload) => client.listen(channel, onPayload),
  };
}

function pgliteLocation(dataDir: string | undefined): string | undefined {
  if (!dataDir || dataDir.startsWith('memory://')) return undefined;
  const dir = join(dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return dir;
}
